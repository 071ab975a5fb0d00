/**
 * The approval flows' screens (docs/adr/0084-approval-steps.md, docs/web.md): the list of the
 * companies' flows (`list/all`, one per company, in the related sections' table with the generic
 * row actions), the view page (the generic one with the steps under the record) and the form — the
 * company, the name and the steps in order (add, remove, move up or down; each its name, who decides
 * it and the minimum amount it applies from: flow-step-editor.tsx), with a preview of whom a request
 * of an amount goes through (flow-preview-block.tsx).
 */
import '../../i18n/admin-strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ApprovalStep, MAX_FLOW_STEPS } from '@sitepay/domain/approval-flow.schema';
import { formatAmount } from '@sitepay/domain/number-format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { Controller, type FieldError, type FieldValues, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { PickerField, type PickerOption } from '../../components/picker-field.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/error-catalogue.ts';
import { translateFieldError } from '../../lib/field-errors.ts';
import { FORM_GRID, FormSection, FormShell, formTitle, useFormRefusal } from '../../resources/form-shell.tsx';
import { useLeaveGuard } from '../../resources/leave-guard.tsx';
import {
  RowActionDialogs,
  RowActions,
  rowShows,
  rowViewPath,
  usePendingRowActions,
} from '../../resources/list/row-actions.tsx';
import { RelatedTable } from '../../resources/related-table.tsx';
import { invalidateResource, referenceOptionsQuery } from '../../resources/resource.queries.ts';
import type { ColumnSpec, ResourceDescription, ResourceRecord } from '../../resources/resource.types.ts';
import { endpointsOf, withId } from '../../resources/resource.types.ts';
import { type Mode, RecordFormPage, type RecordFormProps } from '../../resources/resource-form-page.tsx';
import { ResourceViewPage } from '../../resources/resource-view-page.tsx';
import { type FormStep, storedSteps } from './flow-preview.ts';
import { FormPreview, PreviewBlock } from './flow-preview-block.tsx';
import { StepEditor } from './flow-step-editor.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const flowsQuery = (resource: ResourceDescription) => ({
  queryKey: ['resource', resource.name, 'list', 'all'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<ResourceRecord[]>(`${resource.apiBase}/list/all`, { signal }),
  staleTime: 0,
});

/** Who decides a step, in words: "Vai trò: Kế toán", "Trưởng bộ phận của đề nghị", "Người dùng: …". */
function deciderText(step: Partial<ApprovalStep>, t: Translate): string {
  const kind = t(`approvalFlow.deciders.${step.decider_type}`);
  if (step.decider_type === 'role') return `${t('approvalFlow.stepFields.role_id')}: ${step.role_name ?? ''}`;
  if (step.decider_type === 'user') return `${t('approvalFlow.stepFields.user_id')}: ${step.user_name ?? ''}`;
  return kind;
}

/** A step's minimum in words: "Từ 500,000,000", or "every request". */
const minimumText = (step: Partial<ApprovalStep>, t: Translate, lang: 'vi' | 'en') =>
  step.min_amount == null
    ? t('approvalFlow.always')
    : t('approvalFlow.fromAmount', { amount: formatAmount(step.min_amount, lang) });

// ---------------------------------------------------------------------------------------------
// the list

export function ApprovalFlowListPage({ resource }: { resource: ResourceDescription }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const flows = useQuery(flowsQuery(resource));
  const rows = usePendingRowActions();
  const title = t(`resources.${resource.name}.plural`);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <PageHeading variant="h5">{title}</PageHeading>
        <Box sx={{ flex: '1 1 0', minWidth: 0 }} />
        {ability.can('create', resource.name) && (
          <Button
            component={RouterLink}
            to={`${resource.routeBase}/create`}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t('common.create')}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: '80ch' }}>
        {t('approvalFlow.intro')}
      </Typography>
      {flows.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <RelatedTable
          childResource={resource.name}
          columns={resource.columns}
          rows={flows.data ?? []}
          empty={t('approvalFlow.empty')}
          label={title}
          actions={(row) => (
            <RowActions
              row={row}
              resource={resource}
              show={rowShows(resource, row, ability)}
              viewPath={rowViewPath(resource, row)}
              extra={[]}
              onAction={(action) => rows.setPending({ action, record: row })}
              onExtra={() => {}}
              compact={phone}
            />
          )}
        />
      )}
      <RowActionDialogs
        resource={resource}
        pending={rows.pending}
        pendingAction={rows.pendingAction}
        onClose={() => rows.setPending(null)}
        onCloseAction={() => rows.setPendingAction(null)}
      />
    </Paper>
  );
}

// ---------------------------------------------------------------------------------------------
// the view

export function ApprovalFlowViewPage({ resource }: { resource: ResourceDescription }) {
  return <ResourceViewPage resource={resource} sections={(record) => <StepsTable record={record} />} />;
}

function StepsTable({ record }: { record: ResourceRecord }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const steps = (record.steps as ApprovalStep[] | undefined) ?? [];
  const columns: ColumnSpec[] = [
    { field: 'name' },
    { field: 'decider', text: (r) => deciderText(r as Partial<ApprovalStep>, t) },
    { field: 'min_amount', text: (r) => minimumText(r as Partial<ApprovalStep>, t, lang) },
  ];
  const rows = steps.map((s, i) => ({ ...s, id: i + 1, status: 'O', version: 0 }) as ResourceRecord);
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('approvalFlow.steps')}
      </Typography>
      <RelatedTable
        childResource="approval-flow"
        labels="approvalFlow.stepFields"
        columns={columns}
        rows={rows}
        empty=""
        label={t('approvalFlow.steps')}
      />
      <Box sx={{ mt: 2 }}>
        <PreviewBlock companyId={Number(record.company_id)} steps={null} />
      </Box>
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------
// the form

export function ApprovalFlowFormPage({ resource, mode }: { resource: ResourceDescription; mode: Mode }) {
  return <RecordFormPage resource={resource} mode={mode} form={FlowForm} skeletonHeight={480} />;
}

const emptyStep = (): FormStep => ({
  name: '',
  decider_type: 'role',
  role_id: '',
  user_id: '',
  min_amount: '',
});

/** A saved step as the form holds it. */
const formStep = (s: ApprovalStep): FormStep => ({
  name: s.name,
  decider_type: s.decider_type,
  role_id: s.role_id ?? '',
  user_id: s.user_id ?? '',
  min_amount: s.min_amount ?? '',
});

const stepFieldNames = ['name', 'decider_type', 'role_id', 'user_id', 'min_amount'] as const;

function FlowForm({ resource, mode, record, schema }: RecordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const savedSteps = useMemo(
    () => ((record?.steps as ApprovalStep[] | undefined) ?? []).map(formStep),
    [record],
  );
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: {
      company_id: record?.company_id ?? '',
      name: record?.name ?? '',
      steps: savedSteps.length ? savedSteps : [emptyStep()],
      // the update schema checks the version read, which the form sends back
      ...(mode === 'update' && { version: record?.version ?? 0 }),
    },
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const leave = useLeaveGuard(form.formState.isDirty);
  const [existing, setExisting] = useState<number | null>(null);
  const fieldNames = [
    'company_id',
    'name',
    'steps',
    ...steps.fields.flatMap((_, i) => stepFieldNames.map((f) => `steps.${i}.${f}`)),
  ];
  const refusal = useFormRefusal(form, fieldNames);
  const stepLabel = (field: string) => {
    const match = /^steps\.(\d+)\.(\w+)$/.exec(field);
    if (!match) return t(`resources.approval-flow.fields.${field}`, { defaultValue: field });
    return `${t('approvalFlow.step', { no: Number(match[1]) + 1 })} – ${t(`approvalFlow.stepFields.${match[2]}`)}`;
  };
  const save = useMutation({
    mutationFn: (values: FieldValues) => {
      const paths = endpointsOf(resource);
      const resourceLabel = t(`resources.${resource.name}.name`);
      const body = {
        company_id: values.company_id,
        name: values.name,
        steps: storedSteps(values.steps as FormStep[]),
      };
      if (mode === 'create')
        return api.post<ResourceRecord>(paths.create, body, {
          action: t('actions.create', { resource: resourceLabel }),
          fieldLabel: stepLabel,
        });
      return api.put<ResourceRecord>(
        withId(paths.update, String(record?.id)),
        { ...body, version: record?.version },
        { action: t('actions.update', { resource: resourceLabel }), fieldLabel: stepLabel },
      );
    },
    onSuccess: () => invalidateResource(client, resource.name),
  });

  const submit = form.handleSubmit(async (values) => {
    refusal.clear();
    setExisting(null);
    try {
      await save.mutateAsync(values);
      leave.release();
      navigate(`${resource.routeBase}/list`);
    } catch (error) {
      // the company's other flow: said on the company field, with the way to it
      if (error instanceof ApiError && error.status === 422 && error.reason === 'flow_exists') {
        form.setError(
          'company_id',
          { type: 'server', message: t('approvalFlow.companyHasFlow') },
          { shouldFocus: true },
        );
        setExisting(Number(error.params.id) || null);
        return;
      }
      refusal.apply(error);
    }
  });

  const errorText = (label: string) => (error: FieldError) =>
    translateFieldError(t as TFunction, label, error);
  const companies = useQuery(referenceOptionsQuery('admin/company/list/all'));
  const companyOptions: PickerOption[] = (companies.data ?? [])
    .filter((c) => c.status !== 'D')
    .map((c) => ({ id: c.id, label: String(c.name ?? ''), code: c.code ? String(c.code) : null }));
  const companyLabel = t('resources.approval-flow.fields.company_id');
  const nameLabel = t('resources.approval-flow.fields.name');

  return (
    <FormShell
      title={formTitle(t, mode, t(`resources.${resource.name}.name`), record?.name as string | undefined)}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      leave={leave}
      refusal={{
        message: refusal.message,
        ref: refusal.ref,
        title: t('errors.unprocessable'),
        testId: 'flow-refusal',
      }}
    >
      <Box sx={FORM_GRID}>
        <Box>
          <PickerField
            name="company_id"
            control={form.control}
            label={companyLabel}
            options={companyOptions}
            loading={companies.isPending}
            required
            noOptionsText={t('approvalFlow.noOptions')}
            errorText={errorText(companyLabel)}
          />
          {existing !== null && (
            <Link
              component={RouterLink}
              to={`${resource.routeBase}/update/${existing}`}
              sx={{ display: 'inline-block', mt: 0.5 }}
              data-testid="flow-existing"
            >
              {t('approvalFlow.openExisting')}
            </Link>
          )}
        </Box>
        <Controller
          name="name"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={nameLabel}
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? errorText(nameLabel)(fieldState.error) : undefined}
            />
          )}
        />
      </Box>
      <FormSection title={t('approvalFlow.steps')} grid={false}>
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {steps.fields.map((field, index) => (
            <StepEditor
              key={field.id}
              form={form}
              index={index}
              count={steps.fields.length}
              onMove={(to) => steps.move(index, to)}
              onRemove={() => steps.remove(index)}
            />
          ))}
        </Box>
        {typeof form.formState.errors.steps?.message === 'string' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('approvalFlow.maxSteps', { count: MAX_FLOW_STEPS })}
          </Alert>
        )}
        <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={steps.fields.length >= MAX_FLOW_STEPS}
            onClick={() => steps.append(emptyStep())}
          >
            {t('approvalFlow.addStep')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('approvalFlow.maxSteps', { count: MAX_FLOW_STEPS })}
          </Typography>
        </Box>
      </FormSection>
      <FormSection title={t('approvalFlow.preview.title')} grid={false}>
        <FormPreview control={form.control} record={record} savedSteps={savedSteps} />
      </FormSection>
    </FormShell>
  );
}
