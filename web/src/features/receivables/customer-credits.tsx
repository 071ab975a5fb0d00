/**
 * A customer's credits on its page: credit notes (lowering what it owes, optionally applied to one
 * of its bills) and credit limits (the latest one counts), listed newest first, added and edited in
 * a dialog. The update sends no bill, id or row number (docs/product.md#history-customers-and-support): a
 * note's bill is fixed once written.
 */
import '../../i18n/receivables-strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatAmount } from '@sitepay/domain/number-format';
import { creditInputSchema, creditKinds, creditUpdateSchema } from '@sitepay/domain/receivables.schema';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { DialogSaveActions } from '../../components/dialog-save-actions.tsx';
import { hint } from '../../components/hint.ts';
import { currentLang } from '../../i18n/i18n.ts';
import { formDefaults } from '../../resources/form-values.ts';
import { formatValue } from '../../resources/format-value.ts';
import { applyServerErrors, RecordFields } from '../../resources/record-fields.tsx';
import type { FieldSpec, ResourceRecord } from '../../resources/resource.types.ts';
import { type Credit, creditsQuery, openBillsQuery, useSaveCredit } from './receivables.queries.ts';
import { currentCreditLimit } from './receivables-figures.ts';

const CREDIT_FIELDS: FieldSpec[] = [
  { name: 'kind', kind: 'choice', choices: creditKinds },
  { name: 'amount', kind: 'amount' },
  { name: 'credit_date', kind: 'date' },
  { name: 'reference' },
  { name: 'reason', kind: 'textarea' },
];

export function CustomerCredits({ customer }: { customer: ResourceRecord }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const ability = useAbility();
  const credits = useQuery(creditsQuery(customer.id));
  const [editing, setEditing] = useState<Credit | 'new' | null>(null);
  const canChange = customer.status !== 'D' && ability.can('update', 'customer');
  const list = credits.data ?? [];
  const limit = currentCreditLimit(list);
  const field = (name: string) => t(`resources.credit.fields.${name}`);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" data-section="credits">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('receivables.credits.title')}
        </Typography>
        {credits.data && <Chip size="small" label={list.length} />}
        <Box sx={{ flex: 1 }} />
        {canChange && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('receivables.credits.add')}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="credit-limit">
        {t('receivables.credits.limit')}:{' '}
        <Box component="strong" sx={{ color: 'text.primary', fontVariantNumeric: 'tabular-nums' }}>
          {limit ? `${formatAmount(limit.amount)} đồng` : t('receivables.credits.noLimit')}
        </Box>
      </Typography>
      {credits.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : list.length === 0 ? (
        <Typography color="text.secondary">{t('receivables.credits.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((credit) => (
            <Box
              component="li"
              key={credit.id}
              data-testid="credit-row"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr auto auto', sm: '110px 1fr auto auto' },
                alignItems: 'center',
                columnGap: 2,
                rowGap: 0.25,
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
                '&:first-of-type': { borderTop: 0 },
              }}
            >
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              >
                {formatValue(credit.credit_date, 'date', lang)}
              </Typography>
              <Box sx={{ minWidth: 0 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={credit.kind === 'note' ? 'success' : 'info'}
                    label={t(`resources.credit.choices.kind.${credit.kind}`)}
                  />
                  {credit.billing_id && (
                    <Link
                      component={RouterLink}
                      to={`/manage/billing/view/${credit.billing_id}`}
                      underline="hover"
                    >
                      {credit.billing_number ?? `#${credit.billing_id}`}
                    </Link>
                  )}
                  {credit.reference && (
                    <Typography variant="body2" color="text.secondary">
                      {field('reference')}: {credit.reference}
                    </Typography>
                  )}
                </Box>
                <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                  {credit.reason}
                </Typography>
              </Box>
              <Typography
                sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' }}
              >
                {formatAmount(credit.amount)}
              </Typography>
              {canChange ? (
                <IconButton
                  size="small"
                  {...hint(t('receivables.credits.edit'))}
                  aria-label={`${t('receivables.credits.edit')}: ${credit.reason}`}
                  onClick={() => setEditing(credit)}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              ) : (
                <span />
              )}
            </Box>
          ))}
        </Box>
      )}
      {editing && (
        <CreditDialog
          customer={customer}
          credit={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}

function CreditDialog({
  customer,
  credit,
  onClose,
}: {
  customer: ResourceRecord;
  credit?: Credit;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const schema = credit ? creditUpdateSchema : creditInputSchema;
  const defaults = useMemo(() => {
    const values = formDefaults(CREDIT_FIELDS, credit);
    if (!credit) {
      values.kind = 'note';
      values.customer_id = customer.id;
      values.billing_id = '';
    } else values.version = credit.version;
    return values;
  }, [credit, customer.id]);
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults,
  });
  const save = useSaveCredit(customer.id);
  const bills = useQuery({ ...openBillsQuery(customer.id), enabled: !credit });
  const kind = form.watch('kind');
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ credit, values: kind === 'limit' ? { ...values, billing_id: null } : values });
      onClose();
    } catch (error) {
      applyServerErrors(form, error, Object.keys(defaults));
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{credit ? t('receivables.credits.edit') : t('receivables.credits.add')}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1, display: 'grid', gap: 2.5 }}>
            <RecordFields
              resource="credit"
              fields={CREDIT_FIELDS}
              schema={schema}
              form={form}
              record={credit}
              columns={1}
            />
            {!credit && kind === 'note' && (
              <Controller
                name="billing_id"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t('resources.credit.fields.billing_id')}
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                    helperText={t('receivables.credits.billHint')}
                    slotProps={{ htmlInput: { 'data-testid': 'credit-bill' } }}
                  >
                    <MenuItem value="">{t('receivables.credits.noBill')}</MenuItem>
                    {(bills.data ?? []).map((bill) => (
                      <MenuItem key={bill.id} value={bill.id}>
                        {String(bill.number)} · {formatAmount(String(bill.remaining ?? bill.total ?? '0'))}{' '}
                        đồng
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
          </Box>
        </DialogContent>
        <DialogSaveActions busy={busy} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}
