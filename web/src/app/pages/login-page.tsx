/** /auth/login: user name and password, validated in the active language; back to the target after. */
import { zodResolver } from '@hookform/resolvers/zod';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LoginResult } from '@sitepay/domain/auth.schema';
import { loginSchema } from '@sitepay/domain/auth.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { ApiError, errorMessage } from '../../lib/error-catalogue.ts';
import { safeRedirect, translateFieldError } from '../../lib/field-errors.ts';
import { readSession, saveSession, sessionFromLogin } from '../../lib/session.ts';
import { menuQuery, queryClient } from '../account.queries.ts';
import { CHANGE_PASSWORD_PATH } from '../auth-loader.ts';
import { Footer } from '../layout/footer.tsx';
import { LanguageSwitch } from '../layout/top-bar.tsx';

type Values = { user_name: string; password: string };

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const target = safeRedirect(params.get('redirect'));
  const form = useForm<Values>({
    resolver: zodResolver(loginSchema) as never,
    defaultValues: { user_name: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (readSession()) return <Navigate to={target} replace />;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const [result] = await api.post<LoginResult[]>('auth/login', values, {
        action: t('actions.login'),
        quietSuccess: true,
      });
      if (!result) throw new ApiError(500, 'internal_error', '');
      queryClient.clear();
      saveSession(sessionFromLogin(result));
      if (result.must_change_password) {
        navigate(CHANGE_PASSWORD_PATH, { replace: true });
        return;
      }
      if (Array.isArray(result.menus)) queryClient.setQueryData(menuQuery.queryKey, result.menus);
      navigate(target, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        setFailure(error.status === 401 ? t('errors.loginFailed') : errorMessage(error, t));
      }
    }
  });

  const userLabel = t('auth.userName');
  const passwordLabel = t('auth.password');

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <LanguageSwitch />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 2.5, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mb: 1.5, width: 48, height: 48 }}>
              <LockOutlinedIcon />
            </Avatar>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
              SitePay
            </Typography>
            <Typography color="text.secondary" variant="body2" sx={{ textAlign: 'center' }}>
              {t('app.tagline')}
            </Typography>
          </Box>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('auth.title')}
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {failure}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            <TextField
              {...form.register('user_name')}
              label={userLabel}
              autoComplete="username"
              autoFocus
              required
              size="medium"
              error={Boolean(errors.user_name)}
              helperText={translateFieldError(t, userLabel, errors.user_name)}
            />
            <TextField
              {...form.register('password')}
              label={passwordLabel}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              size="medium"
              error={Boolean(errors.password)}
              helperText={translateFieldError(t, passwordLabel, errors.password)}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        onClick={() => setShowPassword((v) => !v)}
                        aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
                        edge="end"
                      >
                        {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isSubmitting}
              startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {t('auth.submit')}
            </Button>
          </Box>
        </Paper>
      </Box>
      <Footer />
    </Box>
  );
}
