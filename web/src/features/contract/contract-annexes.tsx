/**
 * A contract's annexes on its view page, added, edited and deleted in place. An annex may lower the
 * value (a negative amount); the server refuses (422) one that would bring the value below what is
 * already requested, and the refusal is shown here with its reason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type ContractAnnex,
  contractAnnexInputSchema,
  contractAnnexUpdateSchema,
} from '@sitepay/domain/contract.schema';
import { addAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldError, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../components/amount-field.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { hint } from '../../components/hint.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { currentLang } from '../../i18n/i18n.ts';
import { ApiError, errorMessage } from '../../lib/error-catalogue.ts';
import { translateFieldError } from '../../lib/field-errors.ts';
import { FormField } from '../../resources/form-field.tsx';
import { formatValue } from '../../resources/format-value.ts';
import { type AnnexValues, annexesQuery, useAnnexMutations } from './contract.queries.ts';
import { emptyDatesRequired } from './form-errors.ts';

type Editing = { annex?: ContractAnnex } | null;
const FIELDS = ['annex_no', 'signed_date', 'amount', 'note'] as const;
const hideXs = { display: { xs: 'none', sm: 'table-cell' } };
const hideSm = { display: { xs: 'none', md: 'table-cell' } };

export function ContractAnnexes({ contractId, canEdit }: { contractId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const annexes = useQuery(annexesQuery(contractId));
  const { save, remove } = useAnnexMutations(contractId);
  const [editing, setEditing] = useState<Editing>(null);
  const [pendingDelete, setPendingDelete] = useState<ContractAnnex | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const field = (name: string) => t(`resources.contract-annex.fields.${name}`);
  const list = annexes.data ?? [];
  const total = list.length ? addAmounts(...list.map((a) => a.amount)) : '0';
  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) setRefusal(errorMessage(error, t));
  };

  const editorRow = (annex?: ContractAnnex) => (
    <TableRow key={annex ? `edit-${annex.id}` : 'new'}>
      <TableCell colSpan={5} sx={{ bgcolor: 'action.hover' }}>
        <AnnexEditor
          annex={annex}
          busy={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={async (values) => {
            setRefusal(null);
            await save.mutateAsync({ annex, values });
            setEditing(null);
          }}
          onRefused={refused}
        />
      </TableCell>
    </TableRow>
  );

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="annexes-title"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Typography id="annexes-title" variant="h6" component="h2" sx={{ mr: 'auto' }}>
          {t('contract.view.annexes')}
        </Typography>
        {canEdit && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => {
              setRefusal(null);
              setEditing({});
            }}
            disabled={editing !== null}
          >
            {t('contract.annex.add')}
          </Button>
        )}
      </Box>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)} sx={{ mb: 1.5 }} data-testid="annex-refusal">
          {refusal}
        </Alert>
      )}
      {annexes.isPending && <Skeleton variant="rounded" height={72} />}
      {annexes.isSuccess && (
        <Table size="small" aria-labelledby="annexes-title">
          <TableHead>
            <TableRow>
              <TableCell>{field('annex_no')}</TableCell>
              <TableCell sx={hideXs}>{field('signed_date')}</TableCell>
              <TableCell align="right">{field('amount')}</TableCell>
              <TableCell sx={hideSm}>{field('note')}</TableCell>
              <TableCell align="right" sx={{ width: 96 }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('common.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.length === 0 && editing === null && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary">{t('contract.annex.empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
            {list.map((annex) =>
              editing?.annex?.id === annex.id ? (
                editorRow(annex)
              ) : (
                <TableRow key={annex.id} data-testid="annex-row">
                  <TableCell sx={{ fontWeight: 500 }}>{annex.annex_no}</TableCell>
                  <TableCell sx={hideXs}>{formatValue(annex.signed_date, 'date', lang)}</TableCell>
                  <TableCell
                    align="right"
                    sx={{
                      fontVariantNumeric: 'tabular-nums',
                      whiteSpace: 'nowrap',
                      color: annex.amount.startsWith('-') ? 'error.main' : undefined,
                    }}
                  >
                    {formatAmount(annex.amount)}
                  </TableCell>
                  <TableCell sx={{ ...hideSm, wordBreak: 'break-word' }}>{annex.note}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                    {canEdit && (
                      <>
                        <IconButton
                          size="small"
                          {...hint(t('common.edit'))}
                          aria-label={`${t('common.edit')}: ${annex.annex_no}`}
                          disabled={editing !== null}
                          onClick={() => {
                            setRefusal(null);
                            setEditing({ annex });
                          }}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          {...hint(t('common.delete'))}
                          aria-label={`${t('common.delete')}: ${annex.annex_no}`}
                          disabled={editing !== null}
                          onClick={() => setPendingDelete(annex)}
                        >
                          <DeleteOutlineIcon fontSize="small" color="error" />
                        </IconButton>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ),
            )}
            {editing && !editing.annex && editorRow()}
          </TableBody>
          {list.length > 0 && (
            <TableFooter>
              <TableRow>
                <TableCell sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {t('contract.annex.total')}
                </TableCell>
                <TableCell sx={hideXs} />
                <TableCell
                  align="right"
                  data-testid="annex-total"
                  sx={{
                    fontWeight: 600,
                    color: 'text.primary',
                    whiteSpace: 'nowrap',
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {formatAmount(total)}
                </TableCell>
                <TableCell sx={hideSm} />
                <TableCell />
              </TableRow>
            </TableFooter>
          )}
        </Table>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('actions.delete', { resource: t('resources.contract-annex.name') })}
        message={
          pendingDelete
            ? t('confirm.delete', {
                resource: t('resources.contract-annex.name'),
                name: pendingDelete.annex_no,
              })
            : ''
        }
        color="error"
        busy={remove.isPending}
        onClose={() => setPendingDelete(null)}
        onConfirm={() => {
          if (!pendingDelete) return;
          setRefusal(null);
          remove.mutate(pendingDelete, { onError: refused, onSettled: () => setPendingDelete(null) });
        }}
      />
    </Paper>
  );
}

function AnnexEditor({
  annex,
  busy,
  onSave,
  onCancel,
  onRefused,
}: {
  annex?: ContractAnnex;
  busy: boolean;
  onSave: (values: AnnexValues) => Promise<void>;
  onCancel: () => void;
  onRefused: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const schema = annex ? contractAnnexUpdateSchema : contractAnnexInputSchema.omit({ contract_id: true });
  const form = useForm<FieldValues>({
    resolver: emptyDatesRequired(zodResolver(schema as never) as never, ['signed_date']),
    defaultValues: {
      annex_no: annex?.annex_no ?? '',
      signed_date: annex?.signed_date ?? '',
      amount: annex?.amount ?? '',
      note: annex?.note ?? '',
      ...(annex ? { version: annex.version } : {}),
    },
  });
  const label = (name: string) => t(`resources.contract-annex.fields.${name}`);
  const errorText = (name: string) => (error: FieldError) => translateFieldError(t, label(name), error);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values as AnnexValues);
    } catch (error) {
      onRefused(error);
      if (!(error instanceof ApiError) || error.status !== 400) return;
      const seen = new Set<string>();
      for (const item of error.errors) {
        if (seen.has(item.field) || !(FIELDS as readonly string[]).includes(item.field)) continue;
        seen.add(item.field);
        form.setError(
          item.field,
          { type: 'server', message: item.message },
          { shouldFocus: seen.size === 1 },
        );
      }
    }
  });
  const text = (name: string, kind?: 'date') => (
    <FormField
      spec={{ name, kind }}
      control={form.control}
      resource="contract-annex"
      label={label(name)}
      required={name !== 'note'}
      autoFocus={name === 'annex_no'}
    />
  );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={annex ? `${t('common.edit')}: ${annex.annex_no}` : t('contract.annex.add')}
      sx={{ py: 1 }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1.3fr' },
          '& .MuiInputBase-root': { bgcolor: 'background.paper' },
        }}
      >
        {text('annex_no')}
        {text('signed_date', 'date')}
        <AmountField
          name="amount"
          control={form.control}
          label={label('amount')}
          required
          allowNegative
          errorText={errorText('amount')}
          note={`${t('contract.annex.vatHint')}. ${t('contract.annex.negativeHint')}`}
          sx={{ gridColumn: { sm: '1 / -1', lg: 'auto' } }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormField
            spec={{ name: 'note', kind: 'text', width: 'full' }}
            control={form.control}
            resource="contract-annex"
            label={label('note')}
            required={false}
          />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button color="inherit" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
