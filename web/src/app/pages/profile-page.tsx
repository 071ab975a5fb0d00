/**
 * /profile: personal, contact and join details, and the password change. A changed password ends
 * the session (the server revokes it): the user is told and sent to log in again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { changePasswordSchema } from '@sitepay/domain/auth.schema';
import { formatDate } from '@sitepay/domain/date-format';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { currentLang } from '../../i18n/i18n.ts';
import { resetAbility } from '../../lib/ability.ts';
import { api } from '../../lib/api-client.ts';
import { DURATION } from '../../lib/error-catalogue.ts';
import { translateFieldError } from '../../lib/field-errors.ts';
import { clearSession } from '../../lib/session.ts';
import { profileQuery, queryClient } from '../account.queries.ts';

const passwordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string({ error: 'required' }).min(1, { error: 'required' }) })
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

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
      }}
    >
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
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
      <Typography variant="h5" component="h1">
        {t('profile.title')}
      </Typography>
      {profile.isPending ? (
        <Skeleton height={160} variant="rounded" />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Section title={t('profile.personal')}>
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
            <Row label={t('profile.roles')} value={p?.roles?.join(', ')} />
          </Section>
          <Section title={t('profile.changePassword')}>
            <ChangePasswordForm version={p?.version ?? 0} />
          </Section>
        </Box>
      )}
    </Box>
  );
}

function ChangePasswordForm({ version }: { version: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordFormSchema) as never,
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
    enqueueSnackbar(t('notices.changePasswordSucceeded'), {
      variant: 'success',
      autoHideDuration: DURATION.apiNotice,
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
        helperText={translateFieldError(t, label, errors[name])}
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
