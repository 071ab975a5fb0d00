/**
 * One step of an approval flow's form (approval-flow-pages.tsx): its number and its buttons (move
 * up or down, remove), its name, who decides it — a role, a user or the request's department head —
 * and the minimum amount it applies from (docs/adr/0084-approval-steps.md).
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { deciderTypes } from '@sitepay/domain/approval-flow.schema';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Controller, type FieldError, type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../components/amount-field.tsx';
import { hint } from '../../components/hint.ts';
import { PickerField, type PickerOption } from '../../components/picker-field.tsx';
import { translateFieldError } from '../../lib/field-errors.ts';
import { FORM_GRID, FULL_ROW } from '../../resources/form-shell.tsx';
import { optionLabel } from '../../resources/format-value.ts';
import { referenceOptionsQuery } from '../../resources/resource.queries.ts';

/** One step: its number and buttons, its name, who decides it (and which role or user), its minimum. */
export function StepEditor({
  form,
  index,
  count,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<FieldValues>;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const no = index + 1;
  const deciderType = useWatch({ control: form.control, name: `steps.${index}.decider_type` }) as string;
  const minimum = useWatch({ control: form.control, name: `steps.${index}.min_amount` }) as string | null;
  const label = (field: string) => t(`approvalFlow.stepFields.${field}`);
  const errorText = (field: string) => (error: FieldError) =>
    translateFieldError(t as TFunction, label(field), error);
  const headingId = `flow-step-${index}`;
  const button = (title: string, icon: ReactNode, props: object) => (
    // the hint on a box around the button: a disabled button takes no pointer
    <span {...hint(title, { describes: true })}>
      <IconButton size="small" aria-label={title} {...props}>
        {icon}
      </IconButton>
    </span>
  );
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      data-testid={`flow-step-${no}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {t('approvalFlow.step', { no })}
        </Typography>
        {button(t('approvalFlow.moveUp', { no }), <ArrowUpwardIcon fontSize="small" />, {
          disabled: index === 0,
          onClick: () => onMove(index - 1),
        })}
        {button(t('approvalFlow.moveDown', { no }), <ArrowDownwardIcon fontSize="small" />, {
          disabled: index === count - 1,
          onClick: () => onMove(index + 1),
        })}
        {button(
          t('approvalFlow.removeStep', { no }),
          <DeleteOutlineIcon fontSize="small" color={count > 1 ? 'error' : 'disabled'} />,
          {
            disabled: count <= 1,
            onClick: onRemove,
          },
        )}
      </Box>
      <Box sx={FORM_GRID}>
        <Controller
          name={`steps.${index}.name`}
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={label('name')}
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? errorText('name')(fieldState.error) : undefined}
            />
          )}
        />
        <Controller
          name={`steps.${index}.decider_type`}
          control={form.control}
          render={({ field }) => (
            <TextField {...field} select label={label('decider_type')} required>
              {deciderTypes.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`approvalFlow.deciders.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {deciderType === 'role' && (
          <DeciderPicker
            form={form}
            name={`steps.${index}.role_id`}
            endpoint="admin/role/list/all"
            label={label('role_id')}
            errorText={errorText('role_id')}
          />
        )}
        {deciderType === 'user' && (
          <DeciderPicker
            form={form}
            name={`steps.${index}.user_id`}
            endpoint="admin/user/list/all"
            label={label('user_id')}
            errorText={errorText('user_id')}
          />
        )}
        <AmountField
          name={`steps.${index}.min_amount`}
          control={form.control}
          label={label('min_amount')}
          // what an empty minimum means, while it is empty
          hint={minimum ? undefined : t('approvalFlow.minHint')}
          words={false}
          errorText={errorText('min_amount')}
          sx={deciderType === 'department_head' ? FULL_ROW : undefined}
        />
      </Box>
    </Box>
  );
}

/** The role or the user who decides a step, picked from the active ones. */
function DeciderPicker({
  form,
  name,
  endpoint,
  label,
  errorText,
}: {
  form: UseFormReturn<FieldValues>;
  name: string;
  endpoint: string;
  label: string;
  errorText: (error: FieldError) => string | undefined;
}) {
  const { t } = useTranslation();
  const options = useQuery(referenceOptionsQuery(endpoint));
  const list: PickerOption[] = (options.data ?? [])
    .filter((r) => r.status === undefined || r.status === 'O')
    .map((r) => ({ id: r.id, label: optionLabel(r) }));
  return (
    <PickerField
      name={name}
      control={form.control}
      label={label}
      options={list}
      loading={options.isPending}
      required
      noOptionsText={t('approvalFlow.noOptions')}
      errorText={errorText}
    />
  );
}
