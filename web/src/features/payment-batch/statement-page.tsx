/**
 * The statement back (issue 34, docs/adr/0097-statement-matching.md): a company account chosen, its
 * statement uploaded (.xlsx or .csv), what it matched and what it did not; an unmatched line is
 * matched by hand to a batch line (the line's amount recorded on its request) or dismissed with a note.
 * The bank's statement columns (which header names the date, the reference, the debit and the
 * content) are read, and saved by who keeps the banks, in a dialog beside the upload.
 */
import './batch-parts.tsx';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  statementImportSchema,
  statementMappingAnswerSchema,
} from '@sitepay/domain/payment-batch.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAbility } from '../../app/use-ability.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { api } from '../../lib/api-client.ts';
import { accountLabel } from './batch-pages.tsx';
import {
  amount,
  type Batch,
  type Column,
  day,
  LineStateChip,
  SimpleTable,
  type StatementLine,
} from './batch-parts.tsx';

type Account = Parameters<typeof accountLabel>[0] & { bank_id: number };
type Imported = z.infer<typeof statementImportSchema>;
type Mapping = z.infer<typeof statementMappingAnswerSchema>;
const MAPPED = ['date_header', 'reference_header', 'debit_header', 'content_header'] as const;

export function StatementPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [accountId, setAccountId] = useState<number | ''>('');
  const [result, setResult] = useState<Imported | null>(null);
  const [matching, setMatching] = useState<StatementLine | null>(null);
  const [dismissing, setDismissing] = useState<StatementLine | null>(null);
  const [mapping, setMapping] = useState(false);
  const accounts = useQuery({
    queryKey: ['company-bank-account', 'list/all'],
    queryFn: () => api.get<Account[]>('company-bank-account/list/all'),
  });
  const open = useQuery({
    queryKey: ['statement-line', accountId],
    enabled: accountId !== '',
    queryFn: () =>
      api.get<StatementLine[]>(`payment-batch/statement-line/list/${accountId}`, { query: { state: 'U' } }),
  });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.post<Imported>(`payment-batch/statement/${accountId}`, body, {
        action: t('batch.statement.upload'),
        fieldLabel: () => t('batch.statement.file'),
      });
    },
    onSuccess: (answer) => setResult(answer),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ['statement-line'] });
      client.invalidateQueries({ queryKey: ['payment-batch'] });
    },
  });
  const columns = (withActions: boolean): Column<StatementLine>[] => [
    { key: 'date', label: t('batch.statement.date'), cell: (l) => day(l.line_date) },
    { key: 'reference', label: t('batch.statement.reference'), cell: (l) => l.reference },
    { key: 'amount', label: t('batch.fields.amount'), align: 'right', cell: (l) => amount(l.amount) },
    { key: 'content', label: t('batch.statement.content'), cell: (l) => l.content },
    { key: 'request', label: t('batch.fields.request'), cell: (l) => l.payment_code ?? '' },
    {
      key: 'state',
      label: t('batch.fields.state'),
      cell: (l) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <LineStateChip state={l.state} />
          {l.reason && (
            <Typography variant="caption">
              {t(`batch.reason.${l.reason}`, { defaultValue: l.reason })}
            </Typography>
          )}
        </Stack>
      ),
    },
    ...(withActions
      ? [
          {
            key: 'actions',
            label: t('batch.statement.actions'),
            cell: (l: StatementLine) =>
              l.state === 'U' ? (
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={() => setMatching(l)}>
                    {t('batch.statement.match')}
                  </Button>
                  <Button size="small" color="inherit" onClick={() => setDismissing(l)}>
                    {t('batch.statement.dismiss')}
                  </Button>
                </Stack>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <Stack spacing={2}>
      <PageHeading>{t('batch.statement.title')}</PageHeading>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label={t('batch.fields.account')}
            value={accountId}
            onChange={(e) => {
              setAccountId(Number(e.target.value));
              setResult(null);
            }}
            sx={{ minWidth: 280 }}
          >
            {(accounts.data ?? []).map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {accountLabel(a)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            component="label"
            variant="contained"
            startIcon={<UploadFileIcon />}
            disabled={!accountId || upload.isPending}
          >
            {t('batch.statement.upload')}
            <input
              hidden
              type="file"
              accept=".xlsx,.csv"
              data-testid="statement-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file);
                e.target.value = '';
              }}
            />
          </Button>
          <Button
            startIcon={<TableChartOutlinedIcon />}
            disabled={!accountId}
            onClick={() => setMapping(true)}
          >
            {t('batch.mapping.open')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('batch.statement.hint')}
        </Typography>
      </Paper>
      {result && (
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
          <Alert severity={result.unmatched ? 'warning' : 'success'} sx={{ mb: 2 }} role="status">
            {t('batch.statement.summary', result)}
          </Alert>
          <SimpleTable
            label={t('batch.statement.imported')}
            columns={columns(false)}
            rows={result.lines}
            empty={t('batch.statement.none')}
          />
        </Paper>
      )}
      {accountId !== '' && (
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('batch.statement.unmatched')}
          </Typography>
          <SimpleTable
            testId="statement-unmatched"
            label={t('batch.statement.unmatched')}
            columns={columns(true)}
            rows={open.data ?? []}
            empty={t('batch.statement.none')}
          />
        </Paper>
      )}
      {matching && (
        <MatchDialog line={matching} accountId={Number(accountId)} onClose={() => setMatching(null)} />
      )}
      {dismissing && <DismissDialog line={dismissing} onClose={() => setDismissing(null)} />}
      {mapping && accountId !== '' && (
        <MappingDialog
          account={accounts.data?.find((a) => a.id === accountId)}
          onClose={() => setMapping(false)}
        />
      )}
    </Stack>
  );
}

/** Match a line by hand to a line of an approved batch of the same account. */
function MatchDialog({
  line,
  accountId,
  onClose,
}: {
  line: StatementLine;
  accountId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [choice, setChoice] = useState<number | ''>('');
  const batches = useQuery({
    queryKey: ['payment-batch', 'approved', accountId],
    queryFn: async () => {
      const list = await api.get<{ items: Batch[] }>('payment-batch/list/paging', {
        query: { state: 'A', companyBankAccountId: accountId, itemsPerPage: 100 },
      });
      return Promise.all(list.items.map((b) => api.get<Batch>(`payment-batch/get/${b.id}`)));
    },
  });
  const options = (batches.data ?? []).flatMap((b) =>
    (b.lines ?? [])
      .filter((l) => !l.paid)
      .map((l) => ({ id: l.id, label: `${b.code} · ${l.payment_code} · ${amount(l.remaining)}` })),
  );
  const match = useMutation({
    mutationFn: () =>
      api.patch(
        `payment-batch/statement-line/match/${line.id}`,
        { batch_line_id: choice },
        { action: t('batch.statement.match') },
      ),
    onSuccess: onClose,
    onSettled: () => client.invalidateQueries({ queryKey: ['statement-line'] }),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="match-title">
      <DialogTitle id="match-title">
        {t('batch.statement.matchTitle', { reference: line.reference, amount: amount(line.amount) })}
      </DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          sx={{ mt: 1 }}
          label={t('batch.statement.batchLine')}
          value={choice}
          onChange={(e) => setChoice(Number(e.target.value))}
        >
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!choice || match.isPending} onClick={() => match.mutate()}>
          {t('batch.statement.match')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Dismiss a line with a note (a bank fee, a transfer that is not a request's). */
function DismissDialog({ line, onClose }: { line: StatementLine; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const dismiss = useMutation({
    mutationFn: () =>
      api.patch(
        `payment-batch/statement-line/dismiss/${line.id}`,
        { note },
        { action: t('batch.statement.dismiss') },
      ),
    onSuccess: onClose,
    onSettled: () => client.invalidateQueries({ queryKey: ['statement-line'] }),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="dismiss-title">
      <DialogTitle id="dismiss-title">
        {t('batch.statement.dismissTitle', { reference: line.reference })}
      </DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          multiline
          required
          sx={{ mt: 1 }}
          label={t('batch.statement.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!note.trim() || dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          {t('batch.statement.dismiss')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The bank's statement columns: the header of each of the four the import reads, the generic ones
 * (`date`, `reference`, `debit`, `content`) until a mapping is saved; saved by who keeps the banks.
 */
function MappingDialog({ account, onClose }: { account: Account | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const client = useQueryClient();
  const mayWrite = ability.can('create', 'bank') || ability.can('update', 'bank');
  const [edited, setEdited] = useState<Partial<Record<(typeof MAPPED)[number], string>>>({});
  const bankId = account?.bank_id;
  const current = useQuery({
    queryKey: ['statement-mapping', bankId],
    enabled: bankId !== undefined,
    queryFn: () => api.get<Mapping>(`payment-batch/statement-mapping/${bankId}`),
  });
  const values = MAPPED.map((key) => [key, edited[key] ?? current.data?.[key] ?? ''] as const);
  const save = useMutation({
    mutationFn: () =>
      api.put<Mapping>(`payment-batch/statement-mapping/${bankId}`, Object.fromEntries(values), {
        action: t('batch.mapping.save'),
        fieldLabel: (field) => t(`batch.mapping.${field}`),
      }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['statement-mapping'] });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="mapping-title">
      <DialogTitle id="mapping-title">
        {t('batch.mapping.title', { bank: account?.bank_name ?? '' })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="mapping-state">
          {current.data?.saved ? t('batch.mapping.saved') : t('batch.mapping.generic')}
        </Typography>
        <Stack spacing={2}>
          {values.map(([key, value]) => (
            <TextField
              key={key}
              label={t(`batch.mapping.${key}`)}
              value={value}
              required
              disabled={!mayWrite}
              onChange={(e) => setEdited((p) => ({ ...p, [key]: e.target.value }))}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{mayWrite ? t('common.cancel') : t('common.close')}</Button>
        {mayWrite && (
          <Button
            variant="contained"
            disabled={values.some(([, v]) => !v.trim()) || save.isPending || !current.data}
            onClick={() => save.mutate()}
          >
            {t('batch.mapping.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
