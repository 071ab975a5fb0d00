/**
 * The home page's card of bank guarantees expiring within 30 days (GET contract-guarantee/expiring,
 * docs/adr/0095-bank-guarantees-checked.md): counted as the other cards (the number, then the
 * amount), each guarantee listed with its contract (a link to the contract's page, where it is
 * extended or replaced), its kind, bank and number, its expiry and the days left. The list is the
 * caller's contract scope, every construction; shown only to those who read contracts.
 */
import GppMaybeOutlinedIcon from '@mui/icons-material/GppMaybeOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ExpiringGuarantee } from '@sitepay/domain/contract.schema';
import { formatDate } from '@sitepay/domain/date-format';
import { addAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { useAbility } from '../use-ability.ts';

export const expiringGuaranteesQuery = queryOptions({
  queryKey: ['resource', 'contract-guarantee', 'expiring'],
  queryFn: ({ signal }) => api.get<ExpiringGuarantee[]>('contract-guarantee/expiring', { signal }),
  staleTime: 0,
});

/** How many are listed on the card; the count says how many there are. */
const SHOWN = 5;

export function ExpiringGuaranteesCard() {
  const ability = useAbility();
  return ability.can('read', 'contract') ? <ExpiringGuarantees /> : null;
}

function ExpiringGuarantees() {
  const { t } = useTranslation();
  const lang = currentLang();
  const list = useQuery(expiringGuaranteesQuery);
  if (list.isError) return null;
  const rows = list.data ?? [];
  const none = list.isSuccess && rows.length === 0;
  const total = rows.reduce((sum, g) => addAmounts(sum, g.amount), '0');
  return (
    <Card
      variant="outlined"
      data-testid="home-guarantees"
      sx={{ borderLeft: 4, borderLeftColor: none ? 'divider' : 'warning.main', mt: { xs: 1, sm: 2 } }}
    >
      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: none ? 'text.secondary' : 'warning.main',
          }}
        >
          <GppMaybeOutlinedIcon />
          <Typography variant="subtitle2" component="h3" color="text.primary">
            {t('report.home.guarantees')}
          </Typography>
        </Box>
        {list.isPending ? (
          <Skeleton width="40%" height={32} />
        ) : (
          <>
            <Typography
              variant="h5"
              component="div"
              sx={{ fontWeight: 600 }}
              data-testid="home-guarantees-count"
            >
              {none ? t('report.home.none') : t('report.home.guaranteeCount', { count: rows.length })}
            </Typography>
            {!none && (
              <Typography
                variant="body2"
                color="text.secondary"
                data-testid="home-guarantees-amount"
                sx={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {t('report.money', { amount: formatAmount(total) })}
              </Typography>
            )}
          </>
        )}
        {rows.length > 0 && (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 1 }}>
            {rows.slice(0, SHOWN).map((g) => (
              <Box
                component="li"
                key={g.id}
                data-testid="home-guarantee"
                data-no={g.guarantee_no}
                sx={{ borderTop: 1, borderColor: 'divider', pt: 1, minWidth: 0 }}
              >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
                  <Link
                    component={RouterLink}
                    to={`/management/contract/view/${g.contract_id}`}
                    sx={{ fontWeight: 600, wordBreak: 'break-word' }}
                  >
                    {g.contract_no}
                  </Link>
                  <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                    {[
                      t(`resources.contract-guarantee.choices.kind.${g.kind}`),
                      g.bank_name,
                      g.guarantee_no,
                      formatAmount(g.amount),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {[
                    g.constructor_name,
                    t('report.home.guaranteeExpires', {
                      date: formatDate(g.expiry_date, lang),
                      count: g.days_left ?? 0,
                    }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {rows.length > SHOWN && (
          <Typography variant="body2" color="text.secondary">
            {t('report.home.guaranteesMore', { count: rows.length - SHOWN })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
