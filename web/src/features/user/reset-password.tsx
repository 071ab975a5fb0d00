/**
 * An administrator resets a user's password: types one, or leaves it blank for the server to
 * choose. The server ends the user's sessions and mails the new password; one it chose is shown
 * here once. Sends the version read, so a stale page is refused (F5 message) and nothing changes.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import KeyIcon from '@mui/icons-material/Key';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { resetPasswordSchema } from '@sitepay/domain/admin.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/use-ability.ts';
import '../../i18n/admin-strings.ts';
import { CONFIRM_DIALOG_WIDTH } from '../../components/confirm-dialog.tsx';
import { OneTimeSecretDialog } from '../../components/one-time-secret-dialog.tsx';
import { api } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/error-catalogue.ts';
import { translateFieldError } from '../../lib/field-errors.ts';
import { invalidateResource } from '../../resources/resource.queries.ts';
import type { ResourceRecord } from '../../resources/resource.types.ts';

type Values = { password: string; version: number };
type Answer = ResourceRecord & { generated_password: string | null };

/** The view page's button and its dialogs; offered to those who may update users. */
export function ResetPasswordButton({ user }: { user: ResourceRecord }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [open, setOpen] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);
  if (!ability.can('update', 'user')) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setOpen(true)}>
        {t('user.reset.action')}
      </Button>
      {open && (
        <ResetPasswordDialog
          user={user}
          onClose={() => setOpen(false)}
          onDone={(answer) => {
            setOpen(false);
            setGenerated(answer.generated_password);
          }}
        />
      )}
      <OneTimeSecretDialog
        open={generated !== null}
        title={t('user.reset.generatedTitle')}
        message={t('user.reset.generatedMessage', { name: String(user.user_name) })}
        secrets={generated ? [{ label: t('user.password'), value: generated }] : []}
        onClose={() => setGenerated(null)}
      />
    </>
  );
}

function ResetPasswordDialog({
  user,
  onClose,
  onDone,
}: {
  user: ResourceRecord;
  onClose: () => void;
  onDone: (answer: Answer) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [shown, setShown] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(resetPasswordSchema) as never,
    defaultValues: { password: '', version: user.version },
  });
  const reset = useMutation({
    mutationFn: (values: { password?: string; version: number }) =>
      api.patch<Answer>(
        `admin/user/reset/${user.id}`,
        { id: user.id, ...values },
        { action: t('user.reset.action'), fieldLabel: () => t('user.reset.newPassword') },
      ),
    onSettled: () => invalidateResource(client, 'user'),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      onDone(await reset.mutateAsync(values));
    } catch (error) {
      const first = error instanceof ApiError ? error.errors.find((e) => e.field === 'password') : undefined;
      if (first) form.setError('password', { type: 'server', message: first.message });
    }
  });
  const label = t('user.reset.newPassword');
  const error = form.formState.errors.password;
  return (
    <Dialog
      open
      onClose={reset.isPending ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="reset-password-title"
      slotProps={{ paper: { sx: { width: CONFIRM_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="reset-password-title">{t('user.reset.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('user.reset.message', { name: String(user.user_name) })}
          </DialogContentText>
          <TextField
            {...form.register('password')}
            label={label}
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            autoFocus
            fullWidth
            error={Boolean(error)}
            helperText={translateFieldError(t, label, error) ?? t('user.reset.hint')}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      edge="end"
                      onClick={() => setShown((v) => !v)}
                      aria-label={shown ? t('user.hidePassword') : t('user.showPassword')}
                    >
                      {shown ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={reset.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="warning"
            disabled={reset.isPending}
            startIcon={reset.isPending ? <CircularProgress size={16} color="inherit" /> : <KeyIcon />}
          >
            {t('user.reset.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
