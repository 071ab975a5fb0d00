/**
 * Breadcrumbs from the menu tree (the active entry and its parents) plus the screen's action
 * (list, create, update, view); paths no menu entry knows fall back to their translated segments.
 * They also title the browser tab: the screen's heading, then its menu entry (lib/document-title.ts).
 */
import HomeIcon from '@mui/icons-material/Home';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCurrentHeading, useDocumentTitle } from '../../lib/document-title.ts';
import { activeTrail, buildMenuTree } from '../../lib/menu-tree.ts';
import { menuQuery } from '../account.queries.ts';
import { menuTitle } from './nav-drawer.tsx';

const ACTIONS = new Set(['list', 'create', 'update', 'view', 'configure']);

export function Breadcrumbs() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const menu = useQuery(menuQuery);
  const tree = useMemo(() => buildMenuTree(menu.data ?? []), [menu.data]);
  const segments = pathname.split('/').filter(Boolean);
  const trail = activeTrail(tree, pathname);
  // a screen of its own (the settings list's "configure") is its menu entry: no action crumb after it
  const found = segments.find((s) => ACTIONS.has(s));
  const action = found === 'configure' ? 'list' : found;
  const crumbs: { label: string; to?: string }[] = trail.length
    ? trail.map((node, i) => ({
        label: menuTitle(node, i18n.language),
        to: i === trail.length - 1 && action && action !== 'list' ? node.path : undefined,
      }))
    : segments
        .filter((s) => !ACTIONS.has(s) && !/^\d+$/.test(s))
        .map((s) => ({ label: t(`routes.${s}`, { defaultValue: s.replace(/-/g, ' ') }) }));
  const section = crumbs.at(-1)?.label;
  if (action && action !== 'list' && trail.length) crumbs.push({ label: t(`routes.${action}`) });
  const heading = useCurrentHeading();
  useDocumentTitle([heading, section]);

  return (
    <MuiBreadcrumbs
      aria-label={t('layout.breadcrumb')}
      sx={{ mb: 2, '& ol': { flexWrap: 'wrap' } }}
      maxItems={4}
    >
      <Link
        component={RouterLink}
        to="/about-me"
        color="inherit"
        sx={{ display: 'flex', alignItems: 'center' }}
        aria-label={t('common.home')}
      >
        <HomeIcon fontSize="small" />
      </Link>
      {crumbs.map((crumb, i) =>
        crumb.to ? (
          <Link
            key={`${crumb.to ?? ''}|${crumb.label}`}
            component={RouterLink}
            to={crumb.to}
            color="inherit"
            underline="hover"
          >
            {crumb.label}
          </Link>
        ) : (
          <Typography
            key={`${crumb.to ?? ''}|${crumb.label}`}
            color={i === crumbs.length - 1 ? 'text.primary' : 'inherit'}
          >
            {crumb.label}
          </Typography>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
