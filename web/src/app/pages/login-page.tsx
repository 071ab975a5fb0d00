/**
 * /auth/login: user name and password, validated in the active language; back to the target after.
 *
 * The first screen of a phone on 4G (docs/adr/0082-first-visit-loads-what-it-shows.md): two fields
 * with their state here rather than react-hook-form's, MUI's input parts rather than TextField (which
 * carries Select, its menu and modal), and the domain's sign-in schema (with zod) loaded when the user
 * starts typing, awaited by the first check.
 */
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LoginInput, LoginResult } from '@sitepay/domain/auth.schema';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { api } from '../../lib/api-client.ts';
import { ApiError, errorMessage } from '../../lib/error-catalogue.ts';
import { type FieldErrorLike, safeRedirect, translateFieldError } from '../../lib/field-errors.ts';
import { clearNotices } from '../../lib/notices.ts';
import { readSession, saveSession, sessionFromLogin } from '../../lib/session.ts';
import { CHANGE_PASSWORD_PATH } from '../auth-paths.ts';
import { Footer } from '../layout/footer.tsx';
import { LanguageSwitch } from '../layout/language-switch.tsx';
import { Spinner } from './page-loading.tsx';

type Values = { user_name: string; password: string };
type Field = keyof Values;
type Errors = Partial<Record<Field, FieldErrorLike>>;
const FIELDS: Field[] = ['user_name', 'password'];

let schema: Promise<typeof import('@sitepay/domain/auth.schema').loginSchema> | null = null;
const loadSchema = () => {
  schema ??= import('@sitepay/domain/auth.schema').then(
    (m) => m.loginSchema,
    (error: unknown) => {
      schema = null; // a lost chunk: the next check asks again
      throw error;
    },
  );
  return schema;
};

/** The domain's verdict: what to send (the name trimmed), or each field's first problem. */
async function check(values: Values): Promise<{ input: LoginInput } | { errors: Errors }> {
  const parsed = (await loadSchema()).safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= { message: issue.message, type: issue.code };
  }
  return { errors };
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<Values>({ user_name: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = { user_name: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const target = safeRedirect(params.get('redirect'));

  if (readSession()) return <Navigate to={target} replace />;

  // after the first check, each change is checked again (as the app's other forms do)
  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (checked) void check(next).then((verdict) => setErrors('errors' in verdict ? verdict.errors : {}));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const verdict = await check(values);
      setChecked(true);
      if ('errors' in verdict) {
        setErrors(verdict.errors);
        inputs[FIELDS.find((field) => verdict.errors[field]) ?? 'user_name'].current?.focus();
        return;
      }
      setErrors({});
      // the query cache comes with the signed-in screens: asked for beside the sign-in call
      const queries = import('../account.queries.ts');
      queries.catch(() => {}); // awaited below, once the server has answered
      const [result] = await api.post<LoginResult[]>('auth/login', verdict.input, {
        action: t('actions.login'),
        quietSuccess: true,
      });
      if (!result) throw new ApiError(500, 'internal_error', '');
      const { menuQuery, queryClient } = await queries;
      queryClient.clear();
      // the failed attempts' notices (and an old session's) are not carried into the app
      clearNotices();
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
    } finally {
      setSubmitting(false);
    }
  };

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
            {/* MUI's Avatar, drawn by a Box: one component less on the first screen */}
            <Box
              sx={{
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                mb: 1.5,
                width: 48,
                height: 48,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <LockOutlinedIcon />
            </Box>
            <PageHeading standalone documentTitle={t('auth.title')} sx={{ fontWeight: 600 }}>
              SitePay
            </PageHeading>
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
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            onInput={() => void loadSchema().catch(() => {})}
            sx={{ display: 'grid', gap: 2 }}
          >
            <SignInField
              name="user_name"
              label={userLabel}
              value={values.user_name}
              onChange={change('user_name')}
              inputRef={inputs.user_name}
              autoComplete="username"
              autoFocus
              error={translateFieldError(t, userLabel, errors.user_name)}
            />
            <SignInField
              name="password"
              label={passwordLabel}
              value={values.password}
              onChange={change('password')}
              inputRef={inputs.password}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              error={translateFieldError(t, passwordLabel, errors.password)}
              end={
                <InputAdornment position="end">
                  <IconButton
                    onClick={() => setShowPassword((v) => !v)}
                    aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
                    edge="end"
                  >
                    {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                  </IconButton>
                </InputAdornment>
              }
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isSubmitting}
              startIcon={isSubmitting ? <Spinner size={18} /> : undefined}
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

/** A required outlined field, as TextField draws it (label, notch, helper text under it). */
function SignInField({
  name,
  label,
  value,
  onChange,
  inputRef,
  error,
  end,
  type = 'text',
  autoComplete,
  autoFocus,
}: {
  name: Field;
  label: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  error: string | undefined;
  end?: ReactNode;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
}) {
  const id = `sign-in-${name}`;
  return (
    <FormControl required error={Boolean(error)} fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        type={type}
        value={value}
        onChange={onChange}
        inputRef={inputRef}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={end}
        aria-describedby={error ? `${id}-helper-text` : undefined}
      />
      {error && <FormHelperText id={`${id}-helper-text`}>{error}</FormHelperText>}
    </FormControl>
  );
}
