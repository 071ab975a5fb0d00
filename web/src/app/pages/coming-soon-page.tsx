/** A screen of docs/product.md#screens-and-routes not built yet: says so plainly instead of "not found". */
import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { activeTrail, buildMenuTree } from '../../lib/menu-tree.ts';
import { menuQuery } from '../account.queries.ts';
import { menuTitle } from '../layout/nav-drawer.tsx';

export function ComingSoonPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const menu = useQuery(menuQuery);
  const trail = activeTrail(buildMenuTree(menu.data ?? []), pathname);
  const entry = trail[trail.length - 1];
  const title = entry ? menuTitle(entry, i18n.language) : pathname;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
      <Box sx={{ color: 'primary.main', mb: 2 }}>
        <ConstructionIcon sx={{ fontSize: 56 }} />
      </Box>
      <PageHeading gutterBottom>{t('pages.comingSoon')}</PageHeading>
      <Typography color="text.secondary">{t('pages.comingSoonText', { title })}</Typography>
    </Paper>
  );
}
