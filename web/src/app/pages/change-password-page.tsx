/**
 * /auth/change-password: the profile's change-password section alone, for a user whose password
 * was set by someone else (a new account, a reset). Every other route leads back here until the
 * password is changed (auth-loader.ts); the server answers nothing else meanwhile. The change ends
 * the session like any password change: the user signs in again with the new password. The
 * language switch is there as on the sign-in screen.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.tsx';
import { profileQuery, queryClient } from '../account.queries.ts';
import { LanguageSwitch } from '../layout/language-switch.tsx';
import { useLogout } from '../layout/use-logout.ts';
import { ChangePasswordForm } from './profile-page.tsx';

/** Outside the signed-in layout: the queries' provider is its own (app.tsx has none). */
export function ChangePasswordPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ChangePasswordScreen />
    </QueryClientProvider>
  );
}

function ChangePasswordScreen() {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery);
  const logout = useLogout();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <LanguageSwitch />
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 480 }}>
        <PageHeading standalone gutterBottom>
          {t('profile.changePassword')}
        </PageHeading>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.mustChangePassword')}
        </Typography>
        {profile.data ? (
          <ChangePasswordForm version={profile.data.version} userName={profile.data.user_name} />
        ) : (
          <Skeleton height={240} variant="rounded" />
        )}
        <Button sx={{ mt: 2 }} onClick={() => logout.mutate()}>
          {t('actions.logout')}
        </Button>
      </Paper>
    </Box>
  );
}
