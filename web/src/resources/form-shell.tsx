/**
 * The frame every record form shares: its title, the refusal a 422 brings (above the form, focused,
 * with the server's reason), the form itself (its sections, two columns from md), Cancel / Save
 * at its foot (Save busy while the form is sent), and the question before leaving it with changes
 * not saved (leave-guard.tsx). `useFormRefusal` turns a failed save into what the
 * form shows: a 422 into that refusal, a 400's field errors onto their fields.
 */
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type Ref, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../components/page-heading.tsx';
import { ApiError, errorMessage } from '../lib/error-catalogue.ts';
import { LeaveDialog, type LeaveGuard } from './leave-guard.tsx';
import { applyServerErrors } from './record-fields.tsx';

/** A section's fields: two columns from md, one on phones. */
export const FORM_GRID = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } };
/** A field or box across both columns. */
export const FULL_ROW = { gridColumn: { md: '1 / -1' } };

/** What a 422 said, shown above the form: its heading, the server's reason and what the form adds. */
export type Refusal = {
  message: string | null;
  ref: Ref<HTMLDivElement>;
  title: string;
  testId: string;
  extra?: React.ReactNode;
};

export function FormShell({
  title,
  sectioned = false,
  refusal,
  onSubmit,
  submitting,
  cancelIcon,
  leave,
  children,
}: {
  title: string;
  /** Asks before the page is left with changes not saved (leave-guard.tsx: `useLeaveGuard`). */
  leave: LeaveGuard;
  /** The form opens with a section heading, which brings its own space below the title. */
  sectioned?: boolean;
  refusal?: Refusal;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  cancelIcon?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <PageHeading sx={{ mb: sectioned ? 1 : 3 }}>{title}</PageHeading>
      {refusal?.message && (
        <Alert severity="error" ref={refusal.ref} tabIndex={-1} sx={{ mt: 2 }} data-testid={refusal.testId}>
          <AlertTitle>{refusal.title}</AlertTitle>
          {refusal.message}
          {refusal.extra}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        {children}
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
          <Button color="inherit" onClick={() => navigate(-1)} disabled={submitting} startIcon={cancelIcon}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
          >
            {t('common.save')}
          </Button>
        </Box>
      </Box>
      <LeaveDialog guard={leave} />
    </Paper>
  );
}

/** A titled section of a form; its fields in the two-column grid unless `grid` is false. */
export function FormSection({
  title,
  grid = true,
  children,
}: {
  title: string;
  grid?: boolean;
  children: React.ReactNode;
}) {
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 3, mb: 2 }}>
        {title}
      </Typography>
      {grid ? <Box sx={FORM_GRID}>{children}</Box> : children}
    </>
  );
}

/** A form's title: "Create X", or "Update X" (and what names the record, when given). */
export function formTitle(
  t: (key: string, options?: Record<string, unknown>) => string,
  mode: 'create' | 'update',
  resourceName: string,
  recordName?: string | number,
): string {
  if (mode === 'create') return t('actions.create', { resource: resourceName });
  const update = t('actions.update', { resource: resourceName });
  return recordName === undefined ? update : `${update} ${recordName}`;
}

/**
 * A failed save as the form shows it: a 422 becomes the refusal above the form (focused once drawn;
 * `onRefused` follows it, a refetch of what the refusal is about), a 400's field errors land on their
 * fields; anything else is thrown again. `clear` before each save.
 */
export function useFormRefusal(
  form: UseFormReturn<FieldValues>,
  fieldNames: readonly string[],
  onRefused?: () => void,
) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  return {
    message,
    ref,
    clear: () => setMessage(null),
    apply: (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 422) {
        setMessage(errorMessage(error, t));
        onRefused?.();
        requestAnimationFrame(() => ref.current?.focus());
      }
      if (error.status === 400) applyServerErrors(form, error, [...fieldNames]);
    },
  };
}
