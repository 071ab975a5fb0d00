/**
 * The foot of a form dialog: cancel, and save with a spinner while the write is under way. The
 * dialog's form submits on save (the button is its submit button).
 */
import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';

export function DialogSaveActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button color="inherit" onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
      >
        {t('common.save')}
      </Button>
    </DialogActions>
  );
}
