/**
 * The "access permission" section of a role's and a group's view page: what the server grants with
 * it — full access for ROLE_ADMIN; else the data scope (the constructions its company, project or
 * construction covers), the screens (menus) and the API endpoints it opens. A role's comes from
 * `admin/ability/role/{id}`; a group's is its roles' together.
 */
import '../../i18n/system-strings.ts';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n/i18n.ts';
import { optionLabel } from '../../resources/format-value.ts';
import { menuTitleIn } from '../../resources/menu-label.ts';
import { relatedListQuery } from '../../resources/resource.queries.ts';
import type { ResourceRecord } from '../../resources/resource.types.ts';
import { type RoleAbility, roleAbilityQuery } from './system.queries.ts';

/** Chips shown before "and N more". */
const SHOWN = 24;

type Access = {
  admin: boolean;
  /** The scope as the roles state it: "company / project / construction" lines. */
  scopes: string[];
  constructions: RoleAbility['scope']['constructions'];
  menus: RoleAbility['menus'];
  endpoints: RoleAbility['endpoints'];
};

const scopeLine = (role: Record<string, unknown>) =>
  [role.company_name, role.project_name, role.construction_name].filter(Boolean).join(' / ');

/** Several roles' access together: each construction, menu and endpoint once. */
export function mergeAccess(abilities: RoleAbility[], roles: Record<string, unknown>[]): Access {
  const unique = <T,>(items: T[], key: (item: T) => string) => [
    ...new Map(items.map((item) => [key(item), item])).values(),
  ];
  return {
    admin: abilities.some((a) => a.admin) || roles.some((r) => r.code === 'ROLE_ADMIN'),
    scopes: [...new Set(roles.map(scopeLine).filter(Boolean))],
    constructions: unique(
      abilities.flatMap((a) => a.scope.constructions),
      (c) => String(c.id),
    ).sort((a, b) => String(a.code ?? a.name).localeCompare(String(b.code ?? b.name))),
    menus: unique(
      abilities.flatMap((a) => a.menus),
      (m) => String(m.id),
    ),
    endpoints: unique(
      abilities.flatMap((a) => a.endpoints),
      (e) => `${e.method} ${e.path}`,
    ).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
  };
}

export function RoleAccessSection({ role }: { role: ResourceRecord }) {
  const ability = useQuery(roleAbilityQuery(role.id));
  return (
    <AccessFrame loading={ability.isPending} failed={ability.isError}>
      {ability.data && <AccessBody access={mergeAccess([ability.data], [role])} statesScope />}
    </AccessFrame>
  );
}

export function GroupAccessSection({ group }: { group: ResourceRecord }) {
  // the same query as the group's roles section: one request, refreshed together
  const roles = useQuery(relatedListQuery('group', 'roles', `admin/group/roles/${group.id}`));
  // a linked list may leave the status out: what it lists is live
  const active = (roles.data ?? []).filter((r) => r.status === undefined || r.status === 'O');
  const abilities = useQueries({ queries: active.map((r) => roleAbilityQuery(r.id)) });
  const loading = roles.isPending || abilities.some((a) => a.isPending);
  const failed = roles.isError || abilities.some((a) => a.isError);
  return (
    <AccessFrame loading={loading} failed={failed}>
      {!loading && !failed && (
        <AccessBody
          access={mergeAccess(
            abilities.flatMap((a) => (a.data ? [a.data] : [])),
            active,
          )}
          empty={active.length === 0}
        />
      )}
    </AccessFrame>
  );
}

function AccessFrame({
  loading,
  failed,
  children,
}: {
  loading: boolean;
  failed: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" data-section="access">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('system.access.title')}
      </Typography>
      {loading && <Skeleton variant="rounded" height={96} />}
      {failed && <Alert severity="error">{t('system.access.loadFailed')}</Alert>}
      {children}
    </Paper>
  );
}

/** `statesScope`: the scope line even when empty (a role's own; a group's roles may not say theirs). */
function AccessBody({
  access,
  empty,
  statesScope,
}: {
  access: Access;
  empty?: boolean;
  statesScope?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (empty) return <Typography color="text.secondary">{t('system.access.noRoles')}</Typography>;
  if (access.admin)
    return (
      <Alert severity="info" icon={<AdminPanelSettingsIcon />} data-testid="access-admin">
        {t('system.access.admin')}
      </Alert>
    );
  const menus = access.menus.map((m) => menuTitleIn(m, lang));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {(statesScope || access.scopes.length > 0) && (
        <Line label={t('system.access.scope')}>
          {access.scopes.length ? (
            <Typography>{access.scopes.join('; ')}</Typography>
          ) : (
            <Typography color="text.secondary">{t('system.access.noScope')}</Typography>
          )}
        </Line>
      )}
      <Line label={t('system.access.constructions', { count: access.constructions.length })}>
        <Chips items={access.constructions.map((c) => optionLabel(c))} none={t('system.access.none')} />
      </Line>
      <Line label={t('system.access.menus', { count: menus.length })}>
        <Chips items={menus} none={t('system.access.none')} />
      </Line>
      <Line label={t('system.access.endpoints', { count: access.endpoints.length })}>
        <Chips
          items={access.endpoints.map((e) => `${e.method} ${e.path}`)}
          none={t('system.access.none')}
          monospace
        />
      </Line>
    </Box>
  );
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0.5, sm: 2 } }}
    >
      <Typography color="text.secondary" variant="body2" sx={{ pt: { sm: 0.25 } }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

function Chips({ items, none, monospace }: { items: string[]; none: string; monospace?: boolean }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (!items.length) return <Typography color="text.secondary">{none}</Typography>;
  const shown = all ? items : items.slice(0, SHOWN);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
      {shown.map((item) => (
        <Chip
          key={item}
          size="small"
          variant="outlined"
          label={item}
          title={item}
          sx={{ maxWidth: '100%', ...(monospace && { fontFamily: 'monospace' }) }}
        />
      ))}
      {items.length > shown.length && (
        <Button size="small" onClick={() => setAll(true)}>
          {t('system.access.more', { count: items.length - shown.length })}
        </Button>
      )}
    </Box>
  );
}
