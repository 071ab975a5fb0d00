/** /about-me, the home page: who you are, your department and constructions, and quick links. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { buildMenuTree, menuLeaves } from '../../lib/menu-tree.ts';
import { readSession } from '../../lib/session.ts';
import { constructionsQuery, menuQuery, profileQuery } from '../account.queries.ts';
import { menuIcon } from '../layout/menu-icons.tsx';
import { menuTitle } from '../layout/nav-drawer.tsx';

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

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('aboutMe.greeting', { name })}
        </Typography>
        {profile.isPending ? (
          <Skeleton width={240} />
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, color: 'text.secondary' }}>
            <span>
              {t('aboutMe.department')}: <strong>{profile.data?.department_name ?? t('common.empty')}</strong>
            </span>
            {profile.data?.roles?.length ? (
              <span>
                {t('aboutMe.roles')}: <strong>{profile.data.roles.join(', ')}</strong>
              </span>
            ) : null}
          </Box>
        )}
      </Paper>
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
