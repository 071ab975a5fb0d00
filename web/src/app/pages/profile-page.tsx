/**
 * /profile (docs/product.md#screens-and-routes): personal, contact and join details (department, join date,
 * roles, the constructions the user's roles cover), and the password change. A changed password ends the
 * session (the server revokes it): the user is told and sent to log in again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { changePasswordSchema } from '@sitepay/domain/auth.schema';
import { formatDate } from '@sitepay/domain/date-format';
import { passwordProblem } from '@sitepay/domain/password-rules';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import '../../i18n/admin-strings.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { resetAbility } from '../../lib/ability.ts';
import { api } from '../../lib/api-client.ts';
import { DURATION } from '../../lib/error-catalogue.ts';
import { translateFieldError } from '../../lib/field-errors.ts';
import { showNotice } from '../../lib/notices.ts';
import { clearSession } from '../../lib/session.ts';
import { profileQuery, queryClient, roleNames } from '../account.queries.ts';

// the domain's rules (password-rules.ts), and the one that needs the account: not the user name
const passwordFormSchema = (userName: string) =>
  changePasswordSchema
    .extend({ confirmPassword: z.string({ error: 'required' }).min(1, { error: 'required' }) })
    .refine((v) => passwordProblem(v.newPassword, userName) !== 'same_as_user_name', {
      path: ['newPassword'],
      error: 'same_as_user_name',
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      error: 'passwords_mismatch',
    });

type PasswordValues = { oldPassword: string; newPassword: string; confirmPassword: string; version: number };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section">
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** "Nguyễn Thị Lan" → "NL": the first and last words' first letters. */
const initials = (name: string) => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
};

const CHIPS_SHOWN = 12;
/** A long name wraps inside its chip instead of pushing the page sideways on a phone. */
const wrappingChip = {
  maxWidth: '100%',
  height: 'auto',
  py: 0.25,
  '& .MuiChip-label': { whiteSpace: 'normal' },
};

/** Roles or constructions as chips; a long list shows its first ones and how many more. */
function Chips({ labels }: { labels: string[] }) {
  const more = labels.length - CHIPS_SHOWN;
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {labels.slice(0, CHIPS_SHOWN).map((label) => (
        <Chip key={label} size="small" variant="outlined" label={label} sx={wrappingChip} />
      ))}
      {more > 0 && <Chip size="small" label={`+${more}`} />}
    </Box>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '160px minmax(0, 1fr)' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
      }}
    >
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery);
  const p = profile.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeading variant="h5">{t('profile.title')}</PageHeading>
      {profile.isPending ? (
        <Skeleton height={160} variant="rounded" />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Section title={t('profile.personal')}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
              <Avatar
                src={p?.avatar ?? undefined}
                alt=""
                sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: '1.25rem' }}
              >
                {initials(p?.full_name || p?.user_name || '')}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                  {p?.full_name || p?.user_name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {p?.department_name}
                </Typography>
              </Box>
            </Box>
            <Row label={t('profile.fullName')} value={p?.full_name} />
            <Row label={t('profile.userName')} value={p?.user_name} />
          </Section>
          <Section title={t('profile.contact')}>
            <Row label={t('profile.email')} value={p?.email} />
            <Row label={t('profile.phone')} value={p?.phone} />
          </Section>
          <Section title={t('profile.join')}>
            <Row label={t('profile.department')} value={p?.department_name} />
            <Row
              label={t('profile.joinDate')}
              value={p?.join_date ? formatDate(p.join_date, currentLang()) : null}
            />
            <Row
              label={t('profile.roles')}
              value={p?.roles?.length ? <Chips labels={roleNames(p, t)} /> : null}
            />
            <Row
              label={t('profile.constructions')}
              value={
                p?.constructions?.length ? (
                  <Chips labels={p.constructions.map((c) => `${c.code} – ${c.name}`)} />
                ) : null
              }
            />
          </Section>
          <Section title={t('profile.changePassword')}>
            <ChangePasswordForm version={p?.version ?? 0} userName={p?.user_name ?? ''} />
          </Section>
        </Box>
      )}
    </Box>
  );
}

/** The profile's change-password section; also the whole screen while a change is required. */
export function ChangePasswordForm({ version, userName }: { version: number; userName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordFormSchema(userName)) as never,
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '', version },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await api.put(
        'account/change-password',
        { oldPassword: values.oldPassword, newPassword: values.newPassword, version },
        {
          action: t('actions.changePassword'),
          quietSuccess: true,
          fieldLabel: (f) => t(`profile.${f}`, { defaultValue: f }),
        },
      );
    } catch (error) {
      const fieldErrors = (error as { errors?: { field: string; message: string }[] }).errors ?? [];
      for (const item of fieldErrors) {
        if (item.field in values)
          form.setError(item.field as keyof PasswordValues, { type: 'server', message: item.message });
      }
      return;
    }
    showNotice({
      message: t('notices.changePasswordSucceeded'),
      variant: 'success',
      duration: DURATION.apiNotice,
    });
    clearSession();
    resetAbility();
    queryClient.clear();
    navigate('/auth/login', { replace: true });
  });
  const field = (name: 'oldPassword' | 'newPassword' | 'confirmPassword', autoComplete: string) => {
    const label = t(`profile.${name}`);
    return (
      <TextField
        {...form.register(name)}
        type="password"
        label={label}
        required
        autoComplete={autoComplete}
        error={Boolean(errors[name])}
        helperText={
          translateFieldError(t, label, errors[name]) ??
          // the rule is said before it is broken (in other words than its error)
          (name === 'newPassword' ? t('profile.newPasswordHint') : undefined)
        }
      />
    );
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      {field('oldPassword', 'current-password')}
      {field('newPassword', 'new-password')}
      {field('confirmPassword', 'new-password')}
      <Box>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t('profile.submit')}
        </Button>
      </Box>
    </Box>
  );
}
