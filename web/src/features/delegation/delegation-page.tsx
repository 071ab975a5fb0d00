/**
 * Delegation of deciding (ủy quyền, /profile/delegation; docs/adr/0085-delegation.md and
 * docs/adr/0088-signature-blocks.md): the delegations the user gave and those he received, in force
 * or not (upcoming, expired), a new one — a delegate who may decide too, the dates, ký thay (KT.) or
 * thừa ủy quyền (TUQ.), the delegate's own title as printed, a note — and ending one he gave. An
 * administrator sees every delegation and may end any. The server's refusals (a delegate who may
 * not decide, oneself, someone who decides nothing) are told in the dialog in the user's words.
 */
import '../../i18n/payment-strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  type Delegation,
  delegationInputSchema,
  delegationKinds,
} from '@sitepay/domain/approval-flow.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../app/account.queries.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DialogSaveActions } from '../../components/dialog-save-actions.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { ApiError, errorMessage } from '../../lib/error-catalogue.ts';
import { formDefaults } from '../../resources/form-values.ts';
import { formatValue } from '../../resources/format-value.ts';
import { applyServerErrors, RecordFields } from '../../resources/record-fields.tsx';
import type { ChipColor, FieldSpec } from '../../resources/resource.types.ts';

const API = 'account/delegation';

export const delegationsQuery = queryOptions({
  queryKey: ['account', 'delegation'],
  queryFn: ({ signal }) => api.get<Delegation[]>(API, { signal }),
  staleTime: 0,
});

const FIELDS: FieldSpec[] = [
  {
    name: 'delegate_id',
    kind: 'reference',
    width: 'full',
    // the users the caller sees (the server refuses one who may not decide: delegate_cannot_decide)
    options: { endpoint: 'admin/user/list/all' },
  },
  { name: 'from', kind: 'date' },
  { name: 'to', kind: 'date' },
  { name: 'kind', kind: 'choice', choices: delegationKinds },
  { name: 'title' },
  { name: 'note', kind: 'textarea', width: 'full' },
];

/** Today in Vietnam's calendar (the server's business day), ISO. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());

type Standing = 'active' | 'upcoming' | 'expired';
const standingColors: Record<Standing, ChipColor> = {
  active: 'success',
  upcoming: 'info',
  expired: 'default',
};
const standingOf = (d: Delegation): Standing =>
  d.active ? 'active' : d.from > today() ? 'upcoming' : 'expired';

export function DelegationPage() {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery);
  const list = useQuery(delegationsQuery);
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<Delegation | null>(null);
  const me = profile.data?.id;
  const isAdmin = profile.data?.roles.includes('ROLE_ADMIN') ?? false;
  const all = list.data ?? [];
  const given = all.filter((d) => d.delegator_id === me);
  const received = all.filter((d) => d.delegate_id === me);
  const others = all.filter((d) => d.delegator_id !== me && d.delegate_id !== me);
  const mayEnd = (d: Delegation) => d.delegator_id === me || isAdmin;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <PageHeading sx={{ mr: 'auto' }}>{t('payment.delegation.title')}</PageHeading>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            data-testid="delegation-new"
          >
            {t('payment.delegation.add')}
          </Button>
        </Box>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('payment.delegation.intro')}
        </Typography>
      </Paper>
      {list.isPending || profile.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : list.isError ? (
        <Alert severity="error">{t('payment.delegation.loadFailed')}</Alert>
      ) : (
        <>
          <DelegationList
            title={t('payment.delegation.given')}
            empty={t('payment.delegation.givenEmpty')}
            items={given}
            show="delegate"
            testId="delegations-given"
            mayEnd={mayEnd}
            onEnd={setEnding}
          />
          <DelegationList
            title={t('payment.delegation.received')}
            empty={t('payment.delegation.receivedEmpty')}
            items={received}
            show="delegator"
            testId="delegations-received"
            mayEnd={mayEnd}
            onEnd={setEnding}
          />
          {isAdmin && (
            <DelegationList
              title={t('payment.delegation.others')}
              empty={t('payment.delegation.othersEmpty')}
              items={others}
              show="both"
              testId="delegations-others"
              mayEnd={mayEnd}
              onEnd={setEnding}
            />
          )}
        </>
      )}
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      <EndDialog delegation={ending} onClose={() => setEnding(null)} />
    </Box>
  );
}

function DelegationList({
  title,
  empty,
  items,
  show,
  testId,
  mayEnd,
  onEnd,
}: {
  title: string;
  empty: string;
  items: Delegation[];
  /** Whom each line names: the delegate (given), the delegator (received), or both (others). */
  show: 'delegate' | 'delegator' | 'both';
  testId: string;
  mayEnd: (d: Delegation) => boolean;
  onEnd: (d: Delegation) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const titleId = useId();
  const date = (iso: string) => formatValue(iso, 'date', lang);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((d) => {
            const standing = standingOf(d);
            const who = whoText(t, d, show);
            return (
              <Box
                component="li"
                key={d.id}
                data-testid="delegation-row"
                data-standing={standing}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1.5,
                  py: 1.5,
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:first-of-type': { borderTop: 0 },
                }}
              >
                <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Typography
                      sx={{ fontWeight: 600, wordBreak: 'break-word' }}
                      data-testid="delegation-who"
                    >
                      {who}
                    </Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={standingColors[standing]}
                      label={t(`payment.delegation.standing.${standing}`)}
                    />
                  </Box>
                  <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="delegation-dates">
                    {t('payment.delegation.dates', { from: date(d.from), to: date(d.to) })}
                    {' · '}
                    {t(`resources.delegation.choices.kind.${d.kind}`)}
                    {d.title ? ` · ${d.title}` : ''}
                  </Typography>
                  {d.note && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ mt: 0.5, wordBreak: 'break-word', whiteSpace: 'pre-line' }}
                    >
                      {d.note}
                    </Typography>
                  )}
                </Box>
                {mayEnd(d) && (
                  <Button
                    variant="outlined"
                    color="error"
                    size="small"
                    startIcon={<EventBusyIcon />}
                    onClick={() => onEnd(d)}
                    aria-label={`${t('payment.delegation.end')}: ${who}`}
                  >
                    {t('payment.delegation.end')}
                  </Button>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

function whoText(t: TFunction, d: Delegation, show: 'delegate' | 'delegator' | 'both'): string {
  const delegate = d.delegate_name ?? String(d.delegate_id);
  const delegator = d.delegator_name ?? String(d.delegator_id);
  if (show === 'delegate') return t('payment.delegation.to', { name: delegate });
  if (show === 'delegator') return t('payment.delegation.from', { name: delegator });
  return t('payment.delegation.between', { delegator, delegate });
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const defaults = useMemo(() => {
    const values = formDefaults(FIELDS);
    values.kind = 'authorized';
    values.from = today();
    return values;
  }, []);
  const form = useForm<FieldValues>({
    resolver: zodResolver(delegationInputSchema as never) as never,
    defaultValues: defaults,
  });
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await api.post<Delegation>(`${API}/create`, values, {
        // told in the dialog, not as a notice; a success is a notice as usual
        recovers: () => true,
        action: t('payment.delegation.createAction'),
        fieldLabel: (field: string) => t(`resources.delegation.fields.${field}`, { defaultValue: field }),
      });
      await client.invalidateQueries({ queryKey: delegationsQuery.queryKey });
      onClose();
    } catch (error) {
      applyServerErrors(form, error, Object.keys(defaults));
      // a field's refusal lands on it; the others (delegate_self, delegate_cannot_decide…) above the fields
      if (error instanceof ApiError && !(error.status === 400 && error.errors.length))
        setRefusal(errorMessage(error, t));
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit} data-testid="delegation-form">
        <DialogTitle>{t('payment.delegation.add')}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1, display: 'grid', gap: 2.5 }}>
            {refusal && (
              <Alert severity="error" data-testid="delegation-refusal">
                {refusal}
              </Alert>
            )}
            <RecordFields
              resource="delegation"
              fields={FIELDS}
              schema={delegationInputSchema}
              form={form}
              columns={2}
            />
            <Typography variant="body2" color="text.secondary">
              {t('payment.delegation.kindHint')}
            </Typography>
          </Box>
        </DialogContent>
        <DialogSaveActions busy={busy} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}

function EndDialog({ delegation, onClose }: { delegation: Delegation | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const client = useQueryClient();
  const end = useMutation({
    mutationFn: (d: Delegation) =>
      api.delete(`${API}/delete/${d.id}`, undefined, { action: t('payment.delegation.endAction') }),
    onSuccess: () => client.invalidateQueries({ queryKey: delegationsQuery.queryKey }),
  });
  const d = delegation;
  return (
    <ConfirmDialog
      open={d !== null}
      title={t('payment.delegation.endTitle')}
      message={
        d
          ? t('payment.delegation.endConfirm', {
              delegator: d.delegator_name ?? '',
              delegate: d.delegate_name ?? '',
              from: formatValue(d.from, 'date', lang),
              to: formatValue(d.to, 'date', lang),
            })
          : ''
      }
      confirmLabel={t('payment.delegation.end')}
      color="error"
      busy={end.isPending}
      onClose={onClose}
      onConfirm={() => d && end.mutate(d, { onSettled: onClose })}
    />
  );
}
