/**
 * A request's approval steps (GET payment-transaction/timeline/{id}, newest first): each move with
 * who made it, when, the state it left and the one it reached, and its note (a rejection's reason);
 * a decision names its step, and a delegate's whom he decided for ("X thay Y", docs/adr/0085-delegation.md).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PaymentHistory } from '@sitepay/domain/payment.schema';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../../components/history-values.ts';
import { currentLang } from '../../i18n/i18n.ts';
import { timelineQuery } from './payment.queries.ts';
import { deciderText } from './payment-steps.tsx';

const actionColors: Record<string, 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info'> = {
  create: 'default',
  edit: 'default',
  send: 'info',
  recall: 'warning',
  accept: 'success',
  reject: 'error',
  confirm_paid: 'success',
  payee_changed: 'error',
  confirm_payee: 'warning',
  delete: 'error',
  deactivate: 'warning',
  activate: 'success',
};

const dotColor = (action: string) => {
  const color = actionColors[action] ?? 'default';
  return color === 'default' ? 'grey.500' : `${color}.main`;
};

export function PaymentTimeline({ id, footer }: { id: number; footer?: React.ReactNode }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const titleId = useId();
  const timeline = useQuery(timelineQuery(id));
  const steps = timeline.data ?? [];
  const state = (value: string | null) => (value ? t(`payment.state.${value}`, { defaultValue: value }) : '');
  const change = (step: PaymentHistory) =>
    step.from_status && step.to_status && step.from_status !== step.to_status
      ? `${state(step.from_status)} → ${state(step.to_status)}`
      : state(step.to_status);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('payment.view.timeline')}
      </Typography>
      {timeline.isPending && <Skeleton variant="rounded" height={96} />}
      {timeline.isError && <Alert severity="error">{t('history.loadFailed')}</Alert>}
      {timeline.isSuccess && steps.length === 0 && (
        <Typography color="text.secondary">{t('payment.view.timelineEmpty')}</Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="timeline">
        {steps.map((step, index) => (
          <Box
            component="li"
            key={step.id}
            data-action={step.action}
            sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', columnGap: 1.5 }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden>
              <Box
                sx={{ width: 12, height: 12, borderRadius: '50%', mt: 0.75, bgcolor: dotColor(step.action) }}
              />
              {index < steps.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ pb: index < steps.length - 1 ? 2 : 0, minWidth: 0 }}>
              <Box
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}
              >
                <Chip
                  size="small"
                  variant="outlined"
                  color={actionColors[step.action] ?? 'default'}
                  label={t(`payment.moves.${step.action}`, { defaultValue: step.action })}
                />
                {step.step_name && (
                  <Typography variant="body2" data-testid="timeline-step">
                    {t('payment.steps.stepOf', { no: step.step_no, name: step.step_name })}
                  </Typography>
                )}
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 600 }}
                  title={step.user_name ?? undefined}
                  data-testid="timeline-who"
                >
                  {deciderText(t, step.user_full_name ?? step.user_name, step.on_behalf_of_name) ||
                    t('history.system')}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="time" dateTime={step.at}>
                  {formatMoment(step.at, lang)}
                </Typography>
              </Box>
              {change(step) && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {change(step)}
                </Typography>
              )}
              {step.note && (
                <Typography
                  variant="body2"
                  sx={{ mt: 0.5, whiteSpace: 'pre-line', wordBreak: 'break-word', fontStyle: 'italic' }}
                >
                  “{step.note}”
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
      {footer}
    </Paper>
  );
}
