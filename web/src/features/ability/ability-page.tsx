/**
 * /system/ability (its list, create, update/:id and view/:id all lead here): what the server
 * computes for a user or a role — roles, the administrator flag, data scope, menus, the endpoints
 * they open (and through which menu or privilege), and the CASL rules the browser gets. Pasting a
 * request into the endpoint filter says whether it passes and why, so an administrator can answer
 * "why can X not open Y". The choice is in the URL (`?user=` or `?role=`; `view/:id` is a user).
 */
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { foldSearchText } from '@sitepay/domain/search-text';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { Row, Section } from '../../components/detail-section.tsx';
import '../../i18n/admin-strings.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { pagerSlots } from '../../components/pager-slots.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { optionLabel } from '../../resources/format-value.ts';
import { RelatedTable } from '../../resources/related-table.tsx';
import { referenceOptionsQuery } from '../../resources/resource.queries.ts';
import type { ResourceRecord } from '../../resources/resource.types.ts';
import { type AbilityEndpoint, checkRequest, endpointMatches, parseEndpointQuery } from './ability-match.ts';

type Named = { id: number; code: string; name: string };
type Answer = {
  roles: Named[];
  admin: boolean;
  menus: { id: number; name: string; title: string; title_en: string }[];
  endpoints: AbilityEndpoint[];
  rules: { action: string; subject: string; conditions?: unknown }[];
  /** `all`: no narrowing (an administrator). */
  scope: { all?: boolean; companies: Named[]; projects: Named[]; constructions: Named[] };
};
type Kind = 'user' | 'role';

const pickers: Record<Kind, string> = { user: 'admin/user/list/all', role: 'admin/role/list/all' };

export function AbilityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: routeId } = useParams();
  const [params] = useSearchParams();
  const chosenKind: Kind = params.get('role') ? 'role' : 'user';
  const chosenId = params.get(chosenKind) ?? (chosenKind === 'user' ? routeId : undefined) ?? null;
  const [kind, setKind] = useState<Kind>(chosenKind);
  const options = useQuery(referenceOptionsQuery(pickers[kind]));
  const answer = useQuery({
    queryKey: ['ability', chosenKind, chosenId],
    queryFn: ({ signal }) => api.get<Answer>(`admin/ability/${chosenKind}/${chosenId}`, { signal }),
    enabled: Boolean(chosenId),
    staleTime: 0,
  });
  const picked =
    kind === chosenKind ? ((options.data ?? []).find((o) => String(o.id) === chosenId) ?? null) : null;
  const choose = (next: Kind, id: number | null) =>
    navigate(id === null ? '/system/ability/list' : `/system/ability/list?${next}=${id}`);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <PageHeading sx={{ mb: 1 }}>{t('ability.title')}</PageHeading>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('ability.intro')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={kind}
            onChange={(_, next: Kind | null) => next && setKind(next)}
            aria-label={t('ability.kind')}
          >
            <ToggleButton value="user" sx={{ px: 2 }}>
              {t('ability.kinds.user')}
            </ToggleButton>
            <ToggleButton value="role" sx={{ px: 2 }}>
              {t('ability.kinds.role')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Autocomplete<ResourceRecord>
            sx={{ flex: '1 1 280px', minWidth: 0 }}
            options={options.data ?? []}
            value={picked}
            loading={options.isPending}
            onChange={(_, option) => choose(kind, option ? option.id : null)}
            getOptionLabel={optionLabel}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(all, state) => {
              const query = foldSearchText(state.inputValue);
              return query ? all.filter((o) => foldSearchText(optionLabel(o)).includes(query)) : all;
            }}
            noOptionsText={t('common.noData')}
            loadingText={t('common.loading')}
            renderInput={(p) => <TextField {...p} size="small" label={t(`ability.pick.${kind}`)} />}
          />
        </Box>
      </Paper>
      {!chosenId ? (
        <Alert severity="info">{t('ability.choose')}</Alert>
      ) : answer.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : answer.data ? (
        <AbilityAnswer answer={answer.data} kind={chosenKind} />
      ) : (
        <Alert severity="error">{t('errors.causes.notFound')}</Alert>
      )}
    </Box>
  );
}

function Chips({ items, to }: { items: Named[]; to?: (item: Named) => string }) {
  const { t } = useTranslation();
  if (!items.length) return <>{t('ability.none')}</>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {items.map((item) => (
        <Chip
          key={item.id}
          size="small"
          variant="outlined"
          label={`${item.code} – ${item.name}`}
          sx={{ maxWidth: '100%', height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }}
          {...(to ? { component: RouterLink, to: to(item), clickable: true } : {})}
        />
      ))}
    </Box>
  );
}

function AbilityAnswer({ answer, kind }: { answer: Answer; kind: Kind }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'endpoints' | 'menus' | 'rules'>('endpoints');
  const scope = answer.scope;
  const noScope = !scope.companies.length && !scope.projects.length && !scope.constructions.length;
  const everything = answer.admin || scope.all === true;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '1fr 1fr' } }}>
        <Section title={t('ability.summary')} testId="ability-summary">
          {answer.admin && (
            <Alert severity="warning" icon={<AdminPanelSettingsIcon />} sx={{ mb: 1.5 }}>
              {t('ability.adminNotice')}
            </Alert>
          )}
          {kind === 'user' && (
            <Row
              label={t('ability.roles')}
              value={<Chips items={answer.roles} to={(r) => `/system/role/view/${r.id}`} />}
            />
          )}
          <Row label={t('ability.admin')} value={t(answer.admin ? 'common.yes' : 'common.no')} />
          <Row
            label={t('ability.counts')}
            value={t('ability.countsValue', {
              menus: answer.menus.length,
              endpoints: answer.endpoints.length,
              rules: answer.rules.length,
            })}
          />
        </Section>
        <Section title={t('ability.scope')} testId="ability-scope">
          {everything ? (
            <Alert severity="info" sx={{ mb: 1 }}>
              {t('ability.scopeAll')}
            </Alert>
          ) : noScope ? (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {t(`ability.scopeNone.${kind}`)}
            </Alert>
          ) : null}
          <Row label={t('ability.companies')} value={<Chips items={scope.companies} />} />
          <Row label={t('ability.projects')} value={<Chips items={scope.projects} />} />
          <Row label={t('ability.constructions')} value={<Chips items={scope.constructions} />} />
        </Section>
      </Box>
      <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 } }}>
        <Tabs
          value={tab}
          onChange={(_, next) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="endpoints" label={t('ability.tabs.endpoints', { count: answer.endpoints.length })} />
          <Tab value="menus" label={t('ability.tabs.menus', { count: answer.menus.length })} />
          <Tab value="rules" label={t('ability.tabs.rules', { count: answer.rules.length })} />
        </Tabs>
        {tab === 'endpoints' && <Endpoints answer={answer} />}
        {tab === 'menus' && <Menus answer={answer} />}
        {tab === 'rules' && <Rules answer={answer} />}
      </Paper>
    </>
  );
}

function Endpoints({ answer }: { answer: Answer }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const query = useMemo(() => parseEndpointQuery(filter), [filter]);
  const rows = useMemo(
    () => answer.endpoints.filter((e) => endpointMatches(e, query)),
    [answer.endpoints, query],
  );
  const check = checkRequest(answer.endpoints, query);
  const request = check ? `${check.method ? `${check.method} ` : ''}${check.path}` : '';
  return (
    <>
      <TextField
        type="search"
        fullWidth
        size="small"
        label={t('ability.filter')}
        placeholder="GET /api/contract/get/12"
        helperText={t('ability.filterHint')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        sx={{ mb: 2 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {check && (
        <Alert
          data-testid="ability-check"
          severity={answer.admin || check.granted.length ? 'success' : 'error'}
          sx={{ mb: 2, wordBreak: 'break-word' }}
        >
          {answer.admin
            ? t('ability.check.admin', { request })
            : check.granted.length
              ? t('ability.check.granted', {
                  request,
                  via: [...new Set(check.granted.flatMap((e) => e.via))].join(', '),
                })
              : t('ability.check.refused', { request })}
        </Alert>
      )}
      <EndpointTable
        rows={rows}
        empty={t(answer.endpoints.length ? 'ability.noMatch' : 'ability.noEndpoints')}
      />
    </>
  );
}

const methodColors: Record<string, 'success' | 'info' | 'warning' | 'secondary' | 'error'> = {
  GET: 'success',
  POST: 'info',
  PUT: 'warning',
  PATCH: 'secondary',
  DELETE: 'error',
};
const PAGE_SIZE = 25;

/**
 * The endpoints a page at a time: method, path (as the server matches it) and what opens it. On a
 * phone each is a block of its own, so nothing scrolls sideways.
 */
function EndpointTable({ rows, empty }: { rows: AbilityEndpoint[]; empty: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  // a new filter starts at its first page
  const shownPage = page * PAGE_SIZE < rows.length ? page : 0;
  const shown = rows.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE);
  if (!rows.length) return <Typography color="text.secondary">{empty}</Typography>;
  const method = (value: string) => (
    <Chip
      size="small"
      variant="outlined"
      color={methodColors[value] ?? 'default'}
      label={value}
      sx={{ fontFamily: 'monospace', fontWeight: 600, minWidth: 64 }}
    />
  );
  const path = (value: string) => (
    <Box component="code" sx={{ fontSize: '0.8125rem', wordBreak: 'break-all' }}>
      {value}
    </Box>
  );
  const via = (names: string[]) => (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {names.map((name) => (
        <Chip key={name} size="small" label={name} />
      ))}
    </Box>
  );
  return (
    <>
      {phone ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="ability-endpoints">
          {shown.map((e) => (
            <Box
              component="li"
              key={`${e.method} ${e.path}`}
              sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 0.75 }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                {method(e.method)}
                {path(e.path)}
              </Box>
              {via(e.via)}
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" data-testid="ability-endpoints">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, width: 110, whiteSpace: 'nowrap' }}>
                {t('resources.ability.fields.method')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('resources.ability.fields.path')}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: '40%' }}>
                {t('resources.ability.fields.via')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((e) => (
              <TableRow key={`${e.method} ${e.path}`} hover>
                <TableCell>{method(e.method)}</TableCell>
                <TableCell>{path(e.path)}</TableCell>
                <TableCell>{via(e.via)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {rows.length > PAGE_SIZE && (
        <TablePagination
          slots={pagerSlots}
          component="div"
          count={rows.length}
          page={shownPage}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count }) => t('common.displayedRows', { from, to, count })}
        />
      )}
    </>
  );
}

function Menus({ answer }: { answer: Answer }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const rows = answer.menus.map((m) => ({ ...m, status: 'O', version: 0 }) as ResourceRecord);
  return (
    <RelatedTable
      childResource="ability"
      label={t('ability.tabs.menus', { count: rows.length })}
      empty={t('ability.noMenus')}
      rows={rows}
      columns={[
        { field: 'title', text: (r) => String((lang === 'en' ? r.title_en : r.title) ?? '') },
        { field: 'name', width: 220 },
      ]}
    />
  );
}

function Rules({ answer }: { answer: Answer }) {
  const { t } = useTranslation();
  const rows = answer.rules.map(
    (r, index) => ({ ...r, id: index, status: 'O', version: 0 }) as unknown as ResourceRecord,
  );
  return (
    <RelatedTable
      childResource="ability"
      label={t('ability.tabs.rules', { count: rows.length })}
      empty={t('ability.noRules')}
      rows={rows}
      columns={[
        { field: 'action', width: 120 },
        { field: 'subject' },
        {
          field: 'conditions',
          text: (r) => (r.conditions == null ? '' : JSON.stringify(r.conditions)),
        },
      ]}
    />
  );
}
