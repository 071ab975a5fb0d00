/**
 * Support tickets' list (/manage/ticket/list): the generic list with "Import Zendesk export" beside
 * create, for users who may create tickets. The file is read in the browser (the API's JSON
 * `{ "tickets": [...] }` or the export's NDJSON, one ticket a line), its ticket count shown, then
 * sent to `POST manage/zendesk/import`; the answer — imported, updated, skipped, and the lines the
 * server could not take with why — stays in the dialog. Importing the same file again updates.
 */
import '../../i18n/receivables-strings.ts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/use-ability.ts';
import type { ResourceDescription } from '../../resources/resource.types.ts';
import { ResourceFormPage } from '../../resources/resource-form-page.tsx';
import { ResourceListPage } from '../../resources/resource-list-page.tsx';
import { type ImportResult, useImportTickets } from './receivables.queries.ts';
import { readZendeskExport, type ZendeskExport } from './receivables-figures.ts';

/** A new ticket starts as a new one of normal priority (the API's defaults, shown). */
const NEW_TICKET = { state: 'new', priority: 'normal' };

export function TicketCreatePage({ resource }: { resource: ResourceDescription }) {
  return <ResourceFormPage resource={resource} mode="create" initial={NEW_TICKET} />;
}

export function TicketListPage({ resource }: { resource: ResourceDescription }) {
  const ability = useAbility();
  return (
    <ResourceListPage
      resource={resource}
      toolbar={ability.can('create', resource.name) ? <TicketImportButton /> : null}
    />
  );
}

function TicketImportButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        onClick={() => setOpen(true)}
        data-testid="ticket-import"
      >
        {t('receivables.import.button')}
      </Button>
      {open && <ImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; read: ZendeskExport } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const importTickets = useImportTickets();
  const pick = async (picked: File | undefined) => {
    setResult(null);
    if (!picked) return;
    setFile({ name: picked.name, read: readZendeskExport(await picked.text()) });
  };
  const send = async () => {
    if (!file || file.read.format === 'unreadable') return;
    const body = file.read.format === 'json' ? file.read.body : file.read.text;
    try {
      setResult(await importTickets.mutateAsync(body));
    } catch {
      // the API client told the user why
    }
  };
  const busy = importTickets.isPending;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('receivables.import.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('receivables.import.explain')}</DialogContentText>
        <input
          ref={input}
          type="file"
          accept=".json,.ndjson,.jsonl,application/json,application/x-ndjson,text/plain"
          hidden
          data-testid="ticket-import-file"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
            {t('receivables.import.pick')}
          </Button>
          {file && (
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {t('receivables.import.file', { name: file.name })}
              {file.read.format !== 'unreadable' &&
                ` · ${t('receivables.import.count', { count: file.read.count })}`}
            </Typography>
          )}
        </Box>
        {file?.read.format === 'unreadable' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('receivables.import.unreadable')}
          </Alert>
        )}
        {result && (
          <Box sx={{ mt: 2 }} data-testid="ticket-import-result">
            <Alert severity={result.errors.length ? 'warning' : 'success'}>
              {t('receivables.import.done', result)}
            </Alert>
            {result.errors.length > 0 && (
              <>
                <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
                  {t('receivables.import.errors')}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 200, overflow: 'auto' }}>
                  {result.errors.slice(0, 50).map((e) => (
                    <li key={`${e.line}-${e.reason}`}>
                      <Typography variant="body2">{t('receivables.import.line', e)}</Typography>
                    </li>
                  ))}
                </Box>
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {t('common.close')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={busy || !file || file.read.format === 'unreadable' || result !== null}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <UploadFileIcon />}
        >
          {t('receivables.import.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
