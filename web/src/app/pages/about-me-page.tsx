/**
 * /about-me, the home page: who you are; what you must act on now (`GET report/home`): requests
 * waiting for your decision (only for those who decide), your rejected requests, overdue unpaid ones
 * and those falling due this week, each a card leading to the list it counts — all within the top
 * bar's construction, which the card's list keeps; that construction's totals with a link to its report; your constructions and quick links. No chart
 * here: the first visit stays within its JS budget (docs/performance.md#the-web-bundle).
 */
import AssignmentLateOutlinedIcon from '@mui/icons-material/AssignmentLateOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import HourglassTopOutlinedIcon from '@mui/icons-material/HourglassTopOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ReplyOutlinedIcon from '@mui/icons-material/ReplyOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDate } from '@sitepay/domain/date-format';
import { compareAmounts } from '@sitepay/domain/money';
import { abbreviateAmount, formatAmount } from '@sitepay/domain/number-format';
import type { homeSchema } from '@sitepay/domain/report.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type React from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { paymentListLink } from '../../features/report/report-links.ts';
import '../../i18n/report-strings.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { buildMenuTree, menuLeaves } from '../../lib/menu-tree.ts';
import { readSession } from '../../lib/session.ts';
import { constructionsQuery, menuQuery, profileQuery, roleNames } from '../account.queries.ts';
import { useSelectedConstruction } from '../layout/construction-selector.tsx';
import { menuIcon } from '../layout/menu-icons.tsx';
import { menuTitle } from '../layout/nav-drawer.tsx';
import { ExpiringGuaranteesCard } from './home-guarantees.tsx';

type Home = z.infer<typeof homeSchema>;

const homeQuery = (constructionId: number) =>
  queryOptions({
    queryKey: ['report', 'home', constructionId],
    queryFn: ({ signal }) => api.get<Home>('report/home', { query: { constructionId }, signal }),
    staleTime: 0,
  });

export function AboutMePage() {
  const { t, i18n } = useTranslation();
  const profile = useQuery(profileQuery);
  const constructions = useQuery(constructionsQuery);
  const menu = useQuery(menuQuery);
  const links = useMemo(
    () =>
      menuLeaves(buildMenuTree(menu.data ?? []))
        .filter((e) => e.path && e.path !== '/about-me')
        .slice(0, 8),
    [menu.data],
  );
  const name = profile.data?.full_name || profile.data?.user_name || readSession()?.username || '';
  // what to act on and the totals are the top bar's construction (query first): a card opens its
  // list within it, and the top bar keeps it (issue 30, 18)
  const selected = useSelectedConstruction();
  const home = useQuery({ ...homeQuery(selected), enabled: !constructions.isPending });
  const construction = constructions.data?.find((c) => c.id === selected);
  const constructionName =
    construction && (construction.code ? `${construction.code} – ${construction.name}` : construction.name);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <PageHeading gutterBottom>{t('aboutMe.greeting', { name })}</PageHeading>
        {profile.isPending ? (
          <Skeleton width={240} />
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, color: 'text.secondary' }}>
            <span>
              {t('aboutMe.department')}: <strong>{profile.data?.department_name ?? t('common.empty')}</strong>
            </span>
            {profile.data?.roles?.length ? (
              <span>
                {t('aboutMe.roles')}: <strong>{roleNames(profile.data, t).join(', ')}</strong>
              </span>
            ) : null}
          </Box>
        )}
      </Paper>
      <section aria-labelledby="home-act-now">
        <Typography variant="h6" component="h2" gutterBottom id="home-act-now">
          {constructionName
            ? t('report.home.actNowOf', { name: constructionName })
            : t('report.home.actNowAll')}
        </Typography>
        <ActNow home={home.data} constructionId={selected} failed={home.isError} />
        <ExpiringGuaranteesCard />
      </section>
      <section aria-labelledby="home-totals">
        <Typography variant="h6" component="h2" gutterBottom id="home-totals">
          {constructionName
            ? t('report.home.totalsOf', { name: constructionName })
            : t('report.home.totalsAll')}
        </Typography>
        <ConstructionTotals home={home.data} constructionId={selected} failed={home.isError} />
      </section>
      <section>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('aboutMe.constructions')}
        </Typography>
        {constructions.data?.length ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {constructions.data.map((c) => (
              <Chip key={c.id} label={c.code ? `${c.code} – ${c.name}` : c.name} variant="outlined" />
            ))}
          </Box>
        ) : (
          <Typography color="text.secondary">
            {constructions.isPending ? t('common.loading') : t('aboutMe.noConstructions')}
          </Typography>
        )}
      </section>
      <section>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('aboutMe.quickLinks')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
          {links.map((entry) => {
            const Icon = menuIcon(entry.icon, entry.name);
            return (
              <Card key={entry.id} variant="outlined">
                <CardActionArea component={RouterLink} to={entry.path} sx={{ height: '100%' }}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                    <Icon color="primary" />
                    <Typography>{menuTitle(entry, i18n.language)}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            );
          })}
        </Box>
      </section>
    </Box>
  );
}

type Tone = 'warning' | 'error' | 'info';

function ActionCard({
  testId,
  icon,
  title,
  detail,
  figure,
  tone,
  to,
}: {
  testId: string;
  icon: React.ReactNode;
  title: string;
  detail?: string;
  figure: { count: number; amount: string } | undefined;
  tone: Tone;
  to: string;
}) {
  const { t } = useTranslation();
  const none = figure?.count === 0;
  return (
    <Card
      variant="outlined"
      data-testid={testId}
      sx={{ borderLeft: 4, borderLeftColor: none ? 'divider' : `${tone}.main` }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'grid', gap: 0.5 }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: none ? 'text.secondary' : `${tone}.main`,
            }}
          >
            {icon}
            <Typography variant="subtitle2" component="h3" color="text.primary">
              {title}
            </Typography>
          </Box>
          {figure === undefined ? (
            <Skeleton width="60%" height={32} />
          ) : (
            <>
              <Typography
                variant="h5"
                component="div"
                sx={{ fontWeight: 600 }}
                data-testid={`${testId}-count`}
              >
                {none ? t('report.home.none') : t('report.requestCount', { count: figure.count })}
              </Typography>
              {!none && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  data-testid={`${testId}-amount`}
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {t('report.money', { amount: formatAmount(figure.amount) })}
                </Typography>
              )}
            </>
          )}
          {detail && (
            <Typography variant="caption" color="text.secondary">
              {detail}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function ActNow({
  home,
  constructionId,
  failed,
}: {
  home: Home | undefined;
  constructionId: number;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (failed) return <Typography color="text.secondary">{t('report.home.unavailable')}</Typography>;
  const week = home?.due_this_week;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
      }}
    >
      {/* the queue only for those who decide (the answer's null says the user decides none) */}
      {home?.waiting !== null && (
        <ActionCard
          testId="home-waiting"
          icon={<HourglassTopOutlinedIcon />}
          title={t('report.home.waiting')}
          figure={home?.waiting ?? undefined}
          tone="warning"
          to={`/management/approval/list?constructionId=${constructionId}`}
        />
      )}
      <ActionCard
        testId="home-rejected"
        icon={<ReplyOutlinedIcon />}
        title={t('report.home.rejected')}
        figure={home?.rejected}
        tone="error"
        to={paymentListLink({ constructionId, view: 'mine', approvalStatus: 'R' })}
      />
      <ActionCard
        testId="home-mine-waiting"
        icon={<HourglassTopOutlinedIcon />}
        title={t('report.home.mineWaiting')}
        figure={home?.mine_waiting}
        tone="info"
        to={paymentListLink({ constructionId, view: 'mine', approvalStatus: 'W' })}
      />
      {/* what the accountants pay: only for those who pay */}
      {home?.to_pay && (
        <ActionCard
          testId="home-to-pay"
          icon={<PaymentsOutlinedIcon />}
          title={t('report.home.toPay')}
          figure={home.to_pay}
          tone="warning"
          to={paymentListLink({ constructionId, approvalStatus: 'A', paymentStatus: 'O' })}
        />
      )}
      {home?.partly_paid && (
        <ActionCard
          testId="home-partly-paid"
          icon={<PaymentsOutlinedIcon />}
          title={t('report.home.partlyPaid')}
          figure={home.partly_paid}
          tone="info"
          to={paymentListLink({ constructionId, partlyPaid: true })}
        />
      )}
      <ActionCard
        testId="home-overdue"
        icon={<AssignmentLateOutlinedIcon />}
        title={t('report.home.overdue')}
        figure={home?.overdue}
        tone="error"
        to={paymentListLink({ constructionId, status: 'over due' })}
      />
      <ActionCard
        testId="home-due-week"
        icon={<EventOutlinedIcon />}
        title={t('report.home.dueThisWeek')}
        detail={
          week
            ? t('report.home.dueBetween', {
                from: formatDate(week.from, lang),
                to: formatDate(week.to, lang),
              })
            : undefined
        }
        figure={week}
        tone="info"
        // the unpaid requests due this week, earliest due first
        to={
          `${paymentListLink({ constructionId, status: 'unpaid' })}` +
          (week ? `&dueFrom=${week.from}&dueTo=${week.to}` : '') +
          '&sortBy=due_date&sortDesc=false'
        }
      />
    </Box>
  );
}

function ConstructionTotals({
  home,
  constructionId,
  failed,
}: {
  home: Home | undefined;
  constructionId: number;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (failed) return <Typography color="text.secondary">{t('report.home.unavailable')}</Typography>;
  const totals = home?.totals;
  const share =
    totals && compareAmounts(totals.contract_value, '0') > 0
      ? Math.min(100, Math.round((Number(totals.paid) / Number(totals.contract_value)) * 100))
      : 0;
  const items: { key: keyof NonNullable<typeof totals>; label: string }[] = [
    { key: 'contract_value', label: t('report.home.contractValue') },
    { key: 'requested', label: t('report.home.requested') },
    { key: 'paid', label: t('report.home.paid') },
    { key: 'remaining', label: t('report.home.remaining') },
  ];
  const report =
    constructionId > 0
      ? `/report/construction/view/${constructionId}?constructionId=${constructionId}`
      : '/report/construction/list?constructionId=-1';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="home-totals">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('report.home.contracts')}
          </Typography>
          <Typography variant="h6" component="div" data-testid="home-total-contracts">
            {totals ? formatAmount(totals.contracts) : <Skeleton width={40} />}
          </Typography>
        </Box>
        {items.map((item) => (
          <Box key={item.key} sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {item.label}
            </Typography>
            {totals ? (
              <>
                <Typography
                  variant="h6"
                  component="div"
                  data-testid={`home-total-${item.key}`}
                  title={t('report.money', { amount: formatAmount(totals[item.key]) })}
                >
                  {abbreviateAmount(totals[item.key], lang)}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ fontVariantNumeric: 'tabular-nums', wordBreak: 'break-word' }}
                >
                  {formatAmount(totals[item.key])}
                </Typography>
              </>
            ) : (
              <Skeleton width="70%" />
            )}
          </Box>
        ))}
      </Box>
      {totals && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={share}
            color="success"
            sx={{ height: 8, borderRadius: 4 }}
            aria-label={t('report.home.paidShare', { percent: share })}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('report.home.paidShare', { percent: share })}
            </Typography>
            <Link component={RouterLink} to={report} underline="hover" data-testid="home-report-link">
              {t('report.home.openReport')}
            </Link>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
