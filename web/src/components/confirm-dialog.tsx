/**
 * The confirmation every destructive or state-changing action asks for (docs/product.md#screens-and-routes:
 * width 400). A move that needs words (a rejection's reason) puts its field in `children` and holds the
 * confirm button with `confirmDisabled` until they are given. By keyboard: the confirm button has the focus
 * (Enter confirms), Enter in a field confirms too (the dialog is a form), Escape cancels, and the focus goes
 * back to what opened the dialog.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../lib/opened-once.ts';

export const CONFIRM_DIALOG_WIDTH = 400;

type Props = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** The button that keeps things as they are ("Ở lại" when leaving a form); Cancel by default. */
  cancelLabel?: string;
  color?: 'primary' | 'error' | 'warning' | 'success';
  busy?: boolean;
  confirmDisabled?: boolean;
  children?: React.ReactNode;
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  color = 'primary',
  busy,
  confirmDisabled,
  children,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const confirmButton = useRef<HTMLButtonElement>(null);
  // nothing drawn until first asked for (a screen holds several, closed)
  const drawn = useOpenedOnce(open);
  if (!drawn) return null;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth={false}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      slotProps={{
        // the confirm button takes the focus once the dialog is in (Enter confirms); a dialog with a
        // field (a rejection's reason) leaves it to the field
        transition: { onEntered: () => !children && confirmButton.current?.focus() },
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: (event: React.FormEvent) => {
            // a portal's events still bubble through React: never into a form the dialog sits in
            event.preventDefault();
            event.stopPropagation();
            if (!busy && !confirmDisabled) onConfirm();
          },
          sx: { width: CONFIRM_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 },
        } as object,
      }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-message`}>{message}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button type="button" onClick={onClose} disabled={busy} color="inherit">
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={color}
          disabled={busy || confirmDisabled}
          ref={confirmButton}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
