/**
 * The payment list's bar for its ticked rows (issue 34, 4: a batch "from the approved list with a
 * selection"; docs/adr/0096-payment-batches-and-bank-files.md): how many of them may go in a batch
 * (accepted, not fully paid, in no open batch), and the new-batch dialog with those ticked.
 */
import './batch-parts.tsx';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceRecord } from '../../resources/resource.types.ts';
import { BatchCreateDialog } from './batch-pages.tsx';
import { type BatchRequest, batchable } from './batch-request.ts';

export function BatchFromList({ rows }: { rows: ResourceRecord[]; clear: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const eligible = (rows as unknown as BatchRequest[]).filter(batchable);
  return (
    <>
      <Alert
        severity="info"
        data-testid="batch-from-list"
        action={
          <Button
            color="inherit"
            startIcon={<PlaylistAddIcon />}
            disabled={eligible.length === 0}
            onClick={() => setOpen(true)}
          >
            {t('batch.fromList.make')}
          </Button>
        }
      >
        {t('batch.fromList.ticked', { count: rows.length, eligible: eligible.length })}
      </Alert>
      {open && <BatchCreateDialog preselected={eligible} onClose={() => setOpen(false)} />}
    </>
  );
}
