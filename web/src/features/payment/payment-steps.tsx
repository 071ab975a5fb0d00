/**
 * A request's approval steps (docs/adr/0084-approval-steps.md), as it was sent with them: each step's
 * name and where it stands (waiting its turn, pending, accepted, rejected, skipped) in the status
 * chips' colours, who decided it and when — a delegate as "X thay Y" (docs/adr/0085-delegation.md) —
 * and the note; the step deciding the request now is marked. A request without steps (its company
 * has no flow, or it was never sent) shows nothing here.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { PaymentStepStatus } from '@sitepay/domain/approval-flow.schema';
import type { Payment } from '@sitepay/domain/payment.schema';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/detail-section.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { currentLang } from '../../i18n/i18n.ts';
import { formatMoment } from '../../resources/format-value.ts';
import type { ChipColor } from '../../resources/resource.types.ts';

/** The colours of the request's own approval chips: pending as waiting (W), accepted as A, rejected as R. */
export const stepColors: Record<PaymentStepStatus, ChipColor> = {
  waiting: 'default',
  pending: 'warning',
  accepted: 'success',
  rejected: 'error',
  skipped: 'default',
};

/** Who decided: "Lê Văn Phó thay Trần Văn Minh" for a delegate, else the decider's full name. */
export function deciderText(
  t: TFunction,
  by: string | null | undefined,
  forWhom: string | null | undefined,
): string {
  if (!by) return '';
  return forWhom ? t('payment.steps.onBehalf', { by, for: forWhom }) : by;
}

export function PaymentSteps({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const steps = payment.steps ?? [];
  if (steps.length === 0) return null;
  const current = payment.approval_status === 'W' ? payment.current_step : null;
  return (
    <Section title={t('payment.steps.title')} testId="payment-steps">
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {steps.map((step) => {
          const isCurrent = step.no === current;
          const decider = deciderText(t, step.decided_by_name ?? step.decided_by, step.on_behalf_of_name);
          return (
            <Box
              component="li"
              key={step.no}
              aria-current={isCurrent ? 'step' : undefined}
              data-testid="payment-step"
              data-status={step.status}
              data-current={isCurrent || undefined}
              sx={{
                display: 'grid',
                gridTemplateColumns: '32px minmax(0, 1fr)',
                columnGap: 1.5,
                p: 1.5,
                borderRadius: 1,
                border: 1,
                borderColor: isCurrent ? 'warning.main' : 'divider',
                borderLeftWidth: isCurrent ? 4 : 1,
              }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  fontSize: 14,
                  border: 2,
                  borderColor: isCurrent ? 'warning.main' : 'divider',
                }}
              >
                {step.no}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Box
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}
                >
                  <Typography
                    component="h3"
                    sx={{ fontWeight: 600, fontSize: '1rem', wordBreak: 'break-word' }}
                  >
                    <Box component="span" sx={visuallyHidden}>
                      {t('payment.steps.no', { no: step.no })}:{' '}
                    </Box>
                    {step.name}
                  </Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={stepColors[step.status] ?? 'default'}
                    label={t(`payment.steps.status.${step.status}`)}
                    data-testid="step-status"
                  />
                  {isCurrent && (
                    <Chip
                      size="small"
                      color="warning"
                      label={t('payment.steps.current')}
                      data-testid="step-current"
                    />
                  )}
                </Box>
                {decider && (
                  <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="step-decider">
                    {decider}
                    {step.decided_at && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' · '}
                        <time dateTime={step.decided_at}>{formatMoment(step.decided_at, lang)}</time>
                      </Typography>
                    )}
                  </Typography>
                )}
                {step.note && (
                  <Typography
                    variant="body2"
                    sx={{ mt: 0.5, whiteSpace: 'pre-line', wordBreak: 'break-word', fontStyle: 'italic' }}
                    data-testid="step-note"
                  >
                    “{step.note}”
                  </Typography>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}
