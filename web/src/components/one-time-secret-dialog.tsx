/**
 * A secret the server answers once (a password it chose, an application's keys): shown in a
 * dialog with a copy button each and a warning that it will not be shown again. Closing is an
 * explicit "I have noted it"; a click outside or Escape does not lose it by accident.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DoneIcon from '@mui/icons-material/Done';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n/admin-strings.ts';
import { hint } from './hint.ts';

export type Secret = { label: string; value: string };

type Props = {
  open: boolean;
  title: string;
  message: string;
  secrets: Secret[];
  onClose: () => void;
};

export function OneTimeSecretDialog({ open, title, message, secrets, onClose }: Props) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (secret: Secret) => {
    try {
      await navigator.clipboard.writeText(secret.value);
      setCopied(secret.label);
    } catch {
      // no clipboard (plain HTTP on another host): the value stays selectable
      setCopied(null);
    }
  };
  return (
    <Dialog
      open={open}
      maxWidth="xs"
      fullWidth
      aria-labelledby="one-time-secret-title"
      onClose={(_, reason) => {
        if (reason !== 'backdropClick' && reason !== 'escapeKeyDown') onClose();
      }}
    >
      <DialogTitle id="one-time-secret-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText>
        {secrets.map((secret) => (
          <Box key={secret.label} sx={{ mb: 2 }}>
            <Typography variant="body2" color="text.secondary" component="div">
              {secret.label}
            </Typography>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                mt: 0.5,
                pl: 1.5,
                pr: 0.5,
                py: 0.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'action.hover',
              }}
            >
              <Typography
                data-testid="one-time-secret"
                sx={{
                  flex: 1,
                  minWidth: 0,
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  fontSize: '1.05rem',
                  letterSpacing: '0.04em',
                  wordBreak: 'break-all',
                  userSelect: 'all',
                }}
              >
                {secret.value}
              </Typography>
              <IconButton
                onClick={() => copy(secret)}
                {...hint(copied === secret.label ? t('secret.copied') : t('secret.copy'))}
                aria-label={`${t('secret.copy')}: ${secret.label}`}
                color={copied === secret.label ? 'success' : 'default'}
              >
                {copied === secret.label ? <DoneIcon /> : <ContentCopyIcon />}
              </IconButton>
            </Box>
          </Box>
        ))}
        <Alert severity="warning">{t('secret.once')}</Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('secret.noted')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
