/**
 * An approval flow's preview (approval-flow-pages.tsx): whom a request of an amount goes through —
 * the server's answer for the saved flow, or the same rule (`stepsFor`, flow-preview.ts) over the
 * steps as typed in the form (docs/adr/0084-approval-steps.md).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { approvalPreviewSchema } from '@sitepay/domain/approval-flow.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Control, type FieldValues, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AmountField } from '../../components/amount-field.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import type { ResourceRecord } from '../../resources/resource.types.ts';
import { type FormStep, formStepNames, previewSentence, sameSteps } from './flow-preview.ts';

type Preview = z.infer<typeof approvalPreviewSchema>;

/** The preview's first amount: the example, above a usual limit. */
const PREVIEW_AMOUNT = '600000000';

/**
 * The form's preview: while the company and the steps are those saved, the server's answer for the
 * company's flow; once they change, the same rule (`stepsFor`) over the steps as typed.
 */
export function FormPreview({
  control,
  record,
  savedSteps,
}: {
  control: Control<FieldValues>;
  record?: ResourceRecord;
  savedSteps: FormStep[];
}) {
  const companyId = useWatch({ control, name: 'company_id' }) as number | '';
  const steps = (useWatch({ control, name: 'steps' }) as FormStep[] | undefined) ?? [];
  const saved =
    record !== undefined && Number(companyId) === Number(record.company_id) && sameSteps(steps, savedSteps);
  return (
    <PreviewBlock companyId={companyId === '' ? null : Number(companyId)} steps={saved ? null : steps} />
  );
}

/** An amount held for a moment before it is asked about, so typing does not ask at every key. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The amount input and the sentence: `steps` null asks the server (`preview/{companyId}?amount=`),
 * else reads the steps given (the form's, not saved yet).
 */
export function PreviewBlock({ companyId, steps }: { companyId: number | null; steps: FormStep[] | null }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const amountForm = useForm<FieldValues>({ defaultValues: { amount: PREVIEW_AMOUNT } });
  const typed = useWatch({ control: amountForm.control, name: 'amount' }) as string;
  const amount = /^\d+(\.\d+)?$/.test(typed ?? '') ? typed : null;
  const asked = useSettled(amount);
  const server = useQuery({
    queryKey: ['resource', 'approval-flow', 'preview', companyId, asked],
    queryFn: ({ signal }) =>
      api.get<Preview>(`admin/approval-flow/preview/${companyId}`, {
        query: { amount: asked ?? '0' },
        signal,
      }),
    enabled: steps === null && companyId !== null && asked !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  let sentence: string | null = null;
  if (amount !== null && companyId !== null) {
    if (steps !== null) sentence = previewSentence(t, amount, formStepNames(t, steps, amount), lang);
    else if (server.data && asked !== null)
      sentence = previewSentence(
        t,
        asked,
        server.data.steps.map((s) => s.name),
        lang,
      );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <AmountField
        name="amount"
        control={amountForm.control}
        label={t('approvalFlow.preview.amount')}
        errorText={() => undefined}
      />
      <Box
        sx={{ borderRadius: 1, px: 2, py: 1.5, bgcolor: 'action.hover' }}
        aria-live="polite"
        data-testid="flow-preview"
      >
        <Typography sx={{ fontWeight: 600 }} data-testid="flow-preview-sentence">
          {companyId === null ? t('approvalFlow.preview.pickCompany') : (sentence ?? '…')}
        </Typography>
        {companyId !== null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t(steps === null ? 'approvalFlow.preview.saved' : 'approvalFlow.preview.unsaved')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
