/**
 * The approver's queue (/management/approval/list): the generic list of the requests waiting for the
 * caller's decision, with rows ticked and approved or rejected together (a rejection asks its
 * reason). The server decides each request on its own (a stale version, a request created by the
 * approver himself…); the outcome of every ticked request stays shown above the list after the queue
 * has refreshed.
 */
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { loadReasonStrings } from '../../i18n/reason-strings.ts';
import { ApiError, errorMessage } from '../../lib/error-catalogue.ts';
import type { ResourceDescription, ResourceRecord } from '../../resources/resource.types.ts';
import { ResourceListPage } from '../../resources/resource-list-page.tsx';
import { type BulkResult, useBulkDecision } from './payment.queries.ts';

type Outcome = { row: ResourceRecord; result: BulkResult[number] | undefined };
type Decision = 'accept' | 'reject';

export function ApprovalListPage({ resource }: { resource: ResourceDescription }) {
  const [outcomes, setOutcomes] = useState<{ decision: Decision; items: Outcome[] } | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {outcomes && (
        <Outcomes decision={outcomes.decision} items={outcomes.items} onClose={() => setOutcomes(null)} />
      )}
      <ResourceListPage
        resource={resource}
        selection={(rows, clear) => (
          <DecisionBar
            rows={rows}
            onDecided={(decision, items) => {
              setOutcomes({ decision, items });
              clear();
            }}
          />
        )}
      />
    </Box>
  );
}

function DecisionBar({
  rows,
  onDecided,
}: {
  rows: ResourceRecord[];
  onDecided: (decision: Decision, items: Outcome[]) => void;
}) {
  const { t } = useTranslation();
  const decide = useBulkDecision();
  const [pending, setPending] = useState<Decision | null>(null);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const total = formatAmount(addAmounts(...rows.map((r) => String(r.amount ?? '0'))));
  const reasonMissing = pending === 'reject' && !note.trim();
  const close = () => {
    setPending(null);
    setNote('');
    setTouched(false);
  };
  const confirm = () => {
    if (!pending) return;
    if (reasonMissing) {
      setTouched(true);
      return;
    }
    const decision = pending;
    const chosen = [...rows];
    decide.mutate(
      { decision, items: chosen.map((r) => ({ id: r.id, version: r.version })), note },
      {
        onSuccess: (results) =>
          onDecided(
            decision,
            chosen.map((row) => ({ row, result: results.find((r) => r.id === row.id) })),
          ),
        onSettled: close,
      },
    );
  };
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        bgcolor: 'action.hover',
      }}
      data-testid="decision-bar"
    >
      <Typography sx={{ mr: 'auto', fontWeight: 600 }}>
        {t('payment.approval.selected', { count: rows.length })} · {total}
      </Typography>
      <Button
        variant="outlined"
        color="error"
        startIcon={<HighlightOffIcon />}
        onClick={() => setPending('reject')}
      >
        {t('payment.approval.reject')}
      </Button>
      <Button
        variant="contained"
        color="success"
        startIcon={<DoneAllIcon />}
        onClick={() => setPending('accept')}
      >
        {t('payment.approval.accept')}
      </Button>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`payment.doing.${pending}`) : ''}
        message={
          pending === 'accept'
            ? t('payment.approval.confirmAccept', { count: rows.length, amount: total })
            : pending === 'reject'
              ? t('payment.approval.confirmReject', { count: rows.length })
              : ''
        }
        confirmLabel={pending ? t(`payment.moves.${pending}`) : undefined}
        color={pending === 'reject' ? 'error' : 'success'}
        busy={decide.isPending}
        onClose={close}
        onConfirm={confirm}
      >
        <TextField
          label={pending === 'reject' ? t('payment.reason') : t('payment.opinion')}
          required={pending === 'reject'}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && reasonMissing}
          helperText={
            touched && reasonMissing ? t('validation.required', { field: t('payment.reason') }) : undefined
          }
          multiline
          minRows={2}
          fullWidth
          autoFocus
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'move-note' } }}
        />
      </ConfirmDialog>
    </Paper>
  );
}

function Outcomes({
  decision,
  items,
  onClose,
}: {
  decision: Decision;
  items: Outcome[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useReasonWords(items.map((i) => i.result));
  const ok = items.filter((i) => i.result?.ok).length;
  const failed = items.length - ok;
  return (
    <Alert
      severity={failed === 0 ? 'success' : ok === 0 ? 'error' : 'warning'}
      data-testid="bulk-results"
      action={
        <IconButton aria-label={t('common.close')} color="inherit" size="small" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      <AlertTitle>
        {t(`payment.doing.${decision}`)} — {t('payment.approval.results', { ok, failed })}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map(({ row, result }) => (
          <li key={row.id} data-ok={result?.ok === true} data-testid="bulk-result">
            <Link component={RouterLink} to={`/management/payment/view/${row.id}`} color="inherit">
              {t('payment.request', {
                code: row.code,
                no: row.requirement_no,
                contract: row.contract_no ?? '',
              })}
            </Link>
            {': '}
            <strong>{result?.ok ? t('payment.approval.ok') : t('payment.approval.failed')}</strong>
            {!result?.ok && result ? ` — ${bulkRefusal(result, t)}` : ''}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

type BulkRow = BulkResult[number] & { reason?: string; params?: Record<string, string | number> };

/** A row's refusal in the user's words: its reason translated, else the general words of its status. */
function bulkRefusal(result: BulkRow, t: TFunction): string {
  const { status, code = '', message = '', reason, params = {} } = result;
  return errorMessage(new ApiError(status, code, message, [], '', reason, params), t);
}

/** Loads the refusals' words when a row came back with a reason (the call itself succeeded). */
function useReasonWords(results: (BulkRow | undefined)[]) {
  const [, setLoaded] = useState(false);
  const needed = results.some((r) => r && !r.ok && r.reason);
  useEffect(() => {
    if (needed) void loadReasonStrings().then(() => setLoaded(true));
  }, [needed]);
}
