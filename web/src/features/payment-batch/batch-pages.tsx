/**
 * Payment batches (lệnh chi; issue 34, docs/adr/0096-payment-batches-and-bank-files.md): the list
 * (paged, newest first), a new batch from the accepted, not fully paid requests of one company
 * (the company's account, the requests ticked, each amount what remains unless changed), and a
 * batch's page — its lines and states, approve (by another than its maker: the server's refusal is
 * the API client's notice), cancel, and the bank's file in a template chosen.
 */
import './batch-parts.tsx';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BankFileTemplate } from '@sitepay/domain/payment-batch.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { api } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download-file.ts';
import {
  amount,
  type Batch,
  type BatchLine,
  BatchStateChip,
  type Column,
  day,
  moment,
  SimpleTable,
} from './batch-parts.tsx';
import type { BatchRequest } from './batch-request.ts';

const PAGE = 20;
const NONE: BatchRequest[] = [];
type Paged<T> = { items: T[]; total: number };
type Account = {
  id: number;
  company_id: number | null;
  company_name?: string;
  bank_name?: string;
  account_number: string;
  is_default?: boolean;
};
type Request = BatchRequest;

export const accountLabel = (a: Account) =>
  [a.bank_name, a.account_number, a.company_name].filter(Boolean).join(' – ');

/** Whether the user may make batches (the payment write menu) or approve them (or the approval menu). */
function useBatchRights() {
  const ability = useAbility();
  const write = ability.can('create', 'payment') || ability.can('update', 'payment');
  return { write, approve: write || ability.can('read', 'approval') };
}

export function BatchListPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const rights = useBatchRights();
  const list = useQuery({
    queryKey: ['payment-batch', 'list', page],
    queryFn: () =>
      api.get<Paged<Batch>>('payment-batch/list/paging', { query: { page, itemsPerPage: PAGE } }),
  });
  const columns: Column<Batch>[] = [
    {
      key: 'code',
      label: t('batch.fields.code'),
      cell: (b) => (
        <Link component={RouterLink} to={`/management/payment-batch/view/${b.id}`} underline="hover">
          {b.code}
        </Link>
      ),
    },
    { key: 'account', label: t('batch.fields.account'), cell: (b) => b.company_bank_account ?? '' },
    { key: 'lines', label: t('batch.fields.lineCount'), align: 'right', cell: (b) => b.line_count },
    { key: 'total', label: t('batch.fields.total'), align: 'right', cell: (b) => amount(b.total) },
    { key: 'state', label: t('batch.fields.state'), cell: (b) => <BatchStateChip state={b.state} /> },
    {
      key: 'created',
      label: t('batch.fields.createdAt'),
      cell: (b) => `${moment(b.created_at)} · ${b.created_by}`,
    },
  ];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE)) : 1;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <PageHeading sx={{ flexGrow: 1 }}>{t('batch.title')}</PageHeading>
        <Button
          component={RouterLink}
          to="/management/payment-batch/statement"
          startIcon={<UploadFileIcon />}
        >
          {t('batch.statement.open')}
        </Button>
        {rights.write && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('batch.create')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        {list.isPending ? (
          <Typography color="text.secondary">{t('batch.loading')}</Typography>
        ) : (
          <SimpleTable
            label={t('batch.title')}
            columns={columns}
            rows={list.data?.items ?? []}
            empty={t('batch.empty')}
          />
        )}
        {pages > 1 && <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_, p) => setPage(p)} />}
      </Paper>
      {creating && <BatchCreateDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}

/**
 * A new batch: the account paid from, then the requests of its company, each amount what remains.
 * `preselected`: the requests ticked on the payment list, ticked here too (and the account their
 * company's default one, when they are of one company).
 */
export function BatchCreateDialog({
  onClose,
  preselected = NONE,
}: {
  onClose: () => void;
  preselected?: BatchRequest[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [chosenAccount, setAccountId] = useState<number | ''>('');
  const [picked, setPicked] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');
  const accounts = useQuery({
    queryKey: ['company-bank-account', 'list/all'],
    queryFn: () => api.get<Account[]>('company-bank-account/list/all'),
  });
  const companies = new Set(preselected.map((r) => r.company_id));
  const suggested =
    companies.size === 1
      ? accounts.data?.find((a) => a.company_id === [...companies][0] && a.is_default)?.id
      : undefined;
  const accountId = chosenAccount === '' ? (suggested ?? '') : chosenAccount;
  const account = accounts.data?.find((a) => a.id === accountId);
  const requests = useQuery({
    queryKey: ['payment', 'batchable'],
    queryFn: () =>
      api.get<Paged<Request>>('payment-transaction/paging', {
        query: { approvalStatus: 'A', status: 'unpaid', itemsPerPage: 100 },
      }),
  });
  const candidates = useMemo(() => {
    const listed = requests.data?.items ?? [];
    const known = new Set(listed.map((r) => r.id));
    return [...preselected.filter((r) => !known.has(r.id)), ...listed].filter(
      (r) => !r.batch_code && (!account || r.company_id == null || r.company_id === account.company_id),
    );
  }, [requests.data, account, preselected]);
  const remaining = (r: Request) => (Number(r.amount) - Number(r.paid_amount)).toFixed(2);
  const initial = useMemo(() => new Set(preselected.map((r) => r.id)), [preselected]);
  const effective: Record<number, string> = {
    ...Object.fromEntries(candidates.filter((r) => initial.has(r.id)).map((r) => [r.id, remaining(r)])),
    ...picked,
  };
  const chosen = candidates.filter((r) => effective[r.id] !== undefined && effective[r.id] !== '');
  const create = useMutation({
    mutationFn: () =>
      api.post<Batch>(
        'payment-batch/create',
        {
          company_bank_account_id: accountId,
          note: note || undefined,
          items: chosen.map((r) => ({ payment_id: r.id, amount: effective[r.id] })),
        },
        { action: t('batch.create') },
      ),
    onSuccess: (batch) => {
      client.invalidateQueries({ queryKey: ['payment-batch'] });
      client.invalidateQueries({ queryKey: ['payment'] });
      navigate(`/management/payment-batch/view/${batch.id}`);
    },
  });
  const toggle = (r: Request) =>
    setPicked((p) => ({
      ...p,
      [r.id]: effective[r.id] !== undefined && effective[r.id] !== '' ? '' : remaining(r),
    }));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="batch-create-title">
      <DialogTitle id="batch-create-title">{t('batch.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('batch.fields.account')}
            value={accountId}
            onChange={(e) => setAccountId(Number(e.target.value))}
            required
          >
            {(accounts.data ?? []).map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {accountLabel(a)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="subtitle2">{t('batch.pickRequests')}</Typography>
          {candidates.length === 0 ? (
            <Typography color="text.secondary">{t('batch.noCandidates')}</Typography>
          ) : (
            candidates.map((r) => {
              const on = effective[r.id] !== undefined && effective[r.id] !== '';
              return (
                <Stack
                  key={r.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
                    <Checkbox
                      checked={on}
                      onChange={() => toggle(r)}
                      slotProps={{ input: { 'aria-label': r.code } }}
                    />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {r.code}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {r.constructor_name} · {t('batch.fields.remaining')}: {amount(remaining(r))}
                      </Typography>
                    </Box>
                  </Box>
                  {on && (
                    <TextField
                      size="small"
                      label={t('batch.fields.amount')}
                      value={effective[r.id]}
                      onChange={(e) => setPicked((p) => ({ ...p, [r.id]: e.target.value }))}
                      sx={{ width: { xs: '100%', sm: 200 } }}
                    />
                  )}
                </Stack>
              );
            })
          )}
          <TextField
            label={t('batch.fields.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!accountId || chosen.length === 0 || create.isPending}
          onClick={() => create.mutate()}
        >
          {t('batch.createCount', { count: chosen.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function BatchViewPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const client = useQueryClient();
  const rights = useBatchRights();
  const [template, setTemplate] = useState('');
  const batch = useQuery({
    queryKey: ['payment-batch', 'get', id],
    queryFn: () => api.get<Batch>(`payment-batch/get/${id}`),
  });
  const templates = useQuery({
    queryKey: ['bank-file-template', 'list/all'],
    queryFn: () => api.get<BankFileTemplate[]>('admin/setting/bank-file-template/list/all'),
  });
  const act = useMutation({
    mutationFn: (kind: 'approve' | 'cancel') =>
      api.patch<Batch>(
        `payment-batch/${kind}/${id}`,
        { version: batch.data?.version },
        { action: t(`batch.${kind}`) },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['payment-batch'] }),
  });
  const exportFile = useMutation({
    mutationFn: async () => {
      const file = await api.download(`payment-batch/export/${id}`, {
        query: template ? { template } : undefined,
        action: t('batch.export'),
      });
      saveBlob(file.blob, file.fileName ?? `${batch.data?.code ?? 'batch'}.xlsx`);
    },
  });
  const b = batch.data;
  if (!b) return <Typography color="text.secondary">{t('batch.loading')}</Typography>;
  const columns: Column<BatchLine>[] = [
    { key: 'no', label: t('batch.fields.lineNo'), cell: (l) => l.line_no },
    {
      key: 'code',
      label: t('batch.fields.request'),
      cell: (l) => (
        <Link component={RouterLink} to={`/management/payment/view/${l.payment_id}`} underline="hover">
          {l.payment_code}
        </Link>
      ),
    },
    {
      key: 'payee',
      label: t('batch.fields.payee'),
      cell: (l) =>
        [l.account_holder ?? l.constructor_name, l.account_number, l.bank_name].filter(Boolean).join(' · '),
    },
    { key: 'amount', label: t('batch.fields.amount'), align: 'right', cell: (l) => amount(l.amount) },
    { key: 'paid', label: t('batch.fields.paidAmount'), align: 'right', cell: (l) => amount(l.paid_amount) },
    {
      key: 'state',
      label: t('batch.fields.lineState'),
      cell: (l) => t(l.paid ? 'batch.linePaid' : 'batch.lineOpen'),
    },
  ];
  const open = b.state === 'O' || b.state === 'A';
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <PageHeading documentTitle={b.code}>
          {t('batch.one')} {b.code}
        </PageHeading>
        <BatchStateChip state={b.state} />
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          {[
            ['company', b.company_name],
            ['account', b.company_bank_account],
            ['total', amount(b.total)],
            ['lineCount', String(b.line_count)],
            ['createdAt', `${moment(b.created_at)} · ${b.created_by}`],
            ['approvedAt', b.approved_at ? `${moment(b.approved_at)} · ${b.approved_by}` : ''],
            ['cancelledAt', b.cancelled_at ? `${moment(b.cancelled_at)} · ${b.cancelled_by}` : ''],
            ['note', b.note],
          ]
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {t(`batch.fields.${k}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
                  {v}
                </Typography>
              </Box>
            ))}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          {b.state === 'O' && rights.approve && (
            <Button variant="contained" disabled={act.isPending} onClick={() => act.mutate('approve')}>
              {t('batch.approve')}
            </Button>
          )}
          {open && rights.write && (
            <Button
              color="error"
              disabled={act.isPending}
              onClick={() => window.confirm(t('batch.confirmCancel')) && act.mutate('cancel')}
            >
              {t('batch.cancel')}
            </Button>
          )}
          {(b.state === 'A' || b.state === 'P') && (
            <>
              <TextField
                select
                size="small"
                label={t('batch.template')}
                value={template}
                onChange={(e) => setTemplate(e.target.value)}
                // "default template" shown when none is chosen, the label above it
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 220 }}
              >
                <MenuItem value="">{t('batch.defaultTemplate')}</MenuItem>
                {(templates.data ?? []).map((tpl) => (
                  <MenuItem key={tpl.id} value={tpl.code}>
                    {tpl.name} ({tpl.file_type})
                  </MenuItem>
                ))}
              </TextField>
              <Button
                startIcon={<DownloadIcon />}
                variant="outlined"
                disabled={exportFile.isPending}
                onClick={() => exportFile.mutate()}
              >
                {t('batch.export')}
              </Button>
            </>
          )}
        </Stack>
        {b.state === 'O' && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('batch.fourEyes')}
          </Alert>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('batch.lines')}
        </Typography>
        <SimpleTable
          testId="batch-lines"
          label={t('batch.lines')}
          columns={columns}
          rows={b.lines ?? []}
          empty={t('batch.empty')}
        />
      </Paper>
      <Typography variant="body2" color="text.secondary">
        {t('batch.dateNote', { date: day(b.created_at.slice(0, 10)) })}
      </Typography>
    </Stack>
  );
}
