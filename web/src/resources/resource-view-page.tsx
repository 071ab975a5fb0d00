/**
 * The generic view page: a record's fields (references by name, choices by label), status and flag
 * chips, audit columns, edit and the description's own actions, then its related sections (linked,
 * owned or paged records) and its change history — in tabs when the sections name them.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAbility } from '../app/use-ability.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { FilePanel } from '../components/file-panel.tsx';
import { HistoryPanel } from '../components/history-panel.tsx';
import { StatusChip } from '../components/status-chip.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { displayValue, formatValue, optionLabel } from './format-value.ts';
import {
  actionIcons,
  FlagChip,
  offeredActions,
  type PendingAction,
  RecordActionDialog,
} from './record-actions.tsx';
import { ChildrenSection } from './related-children-section.tsx';
import { LinkedSection } from './related-linked-section.tsx';
import { PagedSection } from './related-paged-section.tsx';
import {
  referenceOptionsQuery,
  resourceRecordQuery,
  type StatusAction,
  useStatusAction,
} from './resource.queries.ts';
import {
  type FieldSpec,
  type RelatedSection,
  type ResourceDescription,
  type ResourceRecord,
  viewFieldsOf,
} from './resource.types.ts';

/**
 * `actions`: a feature's own buttons beside edit (a user's password reset), given the record; not
 * on a deleted record. `sections`: a feature's own blocks, given the record, before the related
 * sections (what a role gives access to).
 */
export function ResourceViewPage({
  resource,
  actions: extraActions,
  sections: ownSections,
}: {
  resource: ResourceDescription;
  actions?: (record: ResourceRecord) => React.ReactNode;
  sections?: (record: ResourceRecord) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const ability = useAbility();
  const lang = currentLang();
  const record = useQuery(resourceRecordQuery(resource, id));
  const [pending, setPending] = useState<PendingAction>(null);
  const [statusPending, setStatusPending] = useState<StatusAction | null>(null);
  const statusAction = useStatusAction(resource);
  const client = useQueryClient();
  if (record.isPending) return <Skeleton variant="rounded" height={320} />;
  if (!record.data) return <Alert severity="error">{t('errors.causes.notFound')}</Alert>;
  const data = record.data;
  const fields = viewFieldsOf(resource);
  const label = (name: string) => t(`resources.${resource.name}.fields.${name}`, { defaultValue: name });
  const specOf = (name: string) => resource.form.fields.find((f) => f.name === name);
  const kindOf = (name: string) => fields.find((f) => f.name === name)?.kind;
  const row = (name: string, value: React.ReactNode) => (
    <Box
      key={name}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { sm: 2 }, py: 1 }}
    >
      <Typography color="text.secondary" variant="body2">
        {name}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
  const fieldValue = (name: string): React.ReactNode => {
    const spec = specOf(name);
    if (spec?.display && data[spec.display]) return String(data[spec.display]);
    if (spec?.kind === 'reference' && spec.options && data[name] != null)
      return <ReferenceName spec={spec} value={data[name]} />;
    if (spec?.kind === 'references' && spec.options)
      return Array.isArray(data[name]) && data[name].length ? (
        <ReferenceNames spec={spec} ids={data[name] as number[]} />
      ) : null;
    return displayValue(resource.name, name, data[name], kindOf(name), lang, t);
  };
  const actions = offeredActions(resource, data, ability);
  const viewActions = data.status === 'D' ? [] : (resource.viewActions ?? []);
  const canStatus = viewActions.includes('status') && ability.can('update', resource.name);
  const canDelete = viewActions.includes('delete') && ability.can('delete', resource.name);
  const resourceName = t(`resources.${resource.name}.name`);
  const recordName = String(data[resource.titleField] ?? data.id);
  // a section about records the user may not read (a contractor's contracts) is left out
  const sections = (resource.related ?? []).filter((s) => !s.requires || ability.can('read', s.requires));
  const tabs = [...new Set(sections.flatMap((s) => (s.tab ? [s.tab] : [])))];
  const tab = tabs.includes(params.get('tab') ?? '') ? (params.get('tab') as string) : 'info';
  const renderSection = (section: RelatedSection) =>
    section.kind === 'linked' ? (
      <LinkedSection key={section.key} resource={resource} section={section} parent={data} />
    ) : section.kind === 'paged' ? (
      <PagedSection key={section.key} resource={resource} section={section} parent={data} />
    ) : (
      <ChildrenSection key={section.key} resource={resource} section={section} parent={data} />
    );

  const heading = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mr: 'auto', wordBreak: 'break-word' }}>
        {String(data[resource.titleField] ?? '')}
      </Typography>
      {(resource.flags ?? [])
        .filter((flag) => data[flag] === true)
        .map((flag) => (
          <FlagChip key={flag} resource={resource.name} field={flag} />
        ))}
      <StatusChip status={data.status} />
    </Box>
  );
  const details = (
    <>
      {fields.map(({ name }) => row(label(name), fieldValue(name)))}
      <Divider sx={{ my: 2 }} />
      {row(t('common.createdAt'), formatValue(data.created_at, 'date', lang))}
      {row(t('common.createdBy'), String(data.created_by ?? ''))}
      {row(t('common.updatedAt'), formatValue(data.updated_at, 'date', lang))}
      {row(t('common.updatedBy'), String(data.updated_by ?? ''))}
    </>
  );
  // activation and deletion: with the other buttons, or at the foot of the record's tab
  const statusButtons = (
    <>
      {canStatus &&
        (data.status === 'O' ? (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<BlockIcon />}
            onClick={() => setStatusPending('deactive')}
          >
            {t('common.deactivate')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            color="success"
            startIcon={<CheckCircleOutlineIcon />}
            onClick={() => setStatusPending('active')}
          >
            {t('common.activate')}
          </Button>
        ))}
      {canDelete && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => setStatusPending('delete')}
        >
          {t('common.delete')}
        </Button>
      )}
    </>
  );
  const buttons = (
    <Box
      sx={{
        display: 'flex',
        gap: 1.5,
        justifyContent: 'flex-end',
        mt: tabs.length ? 0 : 3,
        mb: tabs.length ? 1 : 0,
        flexWrap: 'wrap',
        // above tabs on a phone the buttons fill their rows, so the header stays short and even
        ...(tabs.length && { '& > :not([data-back])': { flex: { xs: '1 1 auto', sm: '0 0 auto' } } }),
      }}
    >
      <Button
        component={RouterLink}
        to={`${resource.routeBase}/list`}
        startIcon={<ArrowBackIcon />}
        color="inherit"
        sx={{ mr: 'auto' }}
        data-back
      >
        {t('common.back')}
      </Button>
      {actions.map((action) => {
        const Icon = action.icon ? actionIcons[action.icon] : null;
        return (
          <Button
            key={action.key}
            variant="outlined"
            color={action.color ?? 'primary'}
            startIcon={Icon ? <Icon /> : undefined}
            onClick={() => setPending({ action, record: data })}
          >
            {t(`resources.${resource.name}.actions.${action.key}`)}
          </Button>
        );
      })}
      {data.status !== 'D' && extraActions?.(data)}
      {!tabs.length && statusButtons}
      {data.status !== 'D' && ability.can('update', resource.name) && (
        <Button
          component={RouterLink}
          to={`${resource.routeBase}/update/${data.id}`}
          variant="contained"
          startIcon={<EditOutlinedIcon />}
        >
          {t('common.edit')}
        </Button>
      )}
    </Box>
  );
  const recordBlocks = (
    <>
      {ownSections?.(data)}
      {sections.filter((s) => !s.tab).map(renderSection)}
      {resource.files && (
        <FilePanel
          title={t('common.files')}
          listUrl={`${resource.apiBase}/file/list/${data.id}`}
          uploadUrl={`${resource.apiBase}/file/upload`}
          uploadFields={{ id: String(data.id) }}
          downloadUrl={(file) => `${resource.apiBase}/file/download/${file.id}`}
          deleteUrl={(file) => `${resource.apiBase}/file/delete/${file.id}`}
          canUpload={data.status !== 'D' && ability.can('update', resource.name)}
          canDelete={data.status !== 'D' && ability.can('update', resource.name)}
          onChanged={() => client.invalidateQueries({ queryKey: ['resource', resource.name] })}
        />
      )}
      {resource.history !== false && (
        <HistoryPanel
          apiBase={resource.apiBase}
          id={data.id}
          resource={resource.name}
          description={resource}
        />
      )}
    </>
  );
  const dialogs = (
    <>
      <RecordActionDialog resource={resource} pending={pending} onClose={() => setPending(null)} />
      <ConfirmDialog
        open={statusPending !== null}
        title={statusPending ? t(`actions.${statusPending}`, { resource: resourceName }) : ''}
        message={
          statusPending
            ? t(
                `confirm.${statusPending === 'active' ? 'activate' : statusPending === 'deactive' ? 'deactivate' : 'delete'}`,
                { resource: resourceName, name: recordName },
              )
            : ''
        }
        color={statusPending === 'delete' ? 'error' : statusPending === 'deactive' ? 'warning' : 'primary'}
        busy={statusAction.isPending}
        onClose={() => setStatusPending(null)}
        onConfirm={() =>
          statusPending &&
          statusAction.mutate(
            { action: statusPending, record: data },
            {
              onSuccess: () => {
                if (statusPending === 'delete') navigate(`${resource.routeBase}/list`);
              },
              onSettled: () => setStatusPending(null),
            },
          )
        }
      />
    </>
  );

  if (!tabs.length)
    return (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {heading}
          {details}
          {buttons}
        </Paper>
        {recordBlocks}
        {dialogs}
      </Box>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 } }}>
        {heading}
        {buttons}
        <Tabs
          value={tab}
          onChange={(_, next: string) =>
            setParams(
              (current) => {
                const updated = new URLSearchParams(current);
                if (next === 'info') updated.delete('tab');
                else updated.set('tab', next);
                return updated;
              },
              { replace: true },
            )
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={String(data[resource.titleField] ?? '')}
        >
          {['info', ...tabs].map((key) => (
            <Tab key={key} value={key} label={t(`resources.${resource.name}.tabs.${key}`)} />
          ))}
        </Tabs>
      </Paper>
      {tab === 'info' ? (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {details}
            {(canStatus || canDelete) && (
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
                {statusButtons}
              </Box>
            )}
          </Paper>
          {recordBlocks}
        </>
      ) : (
        sections.filter((s) => s.tab === tab).map(renderSection)
      )}
      {dialogs}
    </Box>
  );
}

/** A reference the API sends as a bare id (or code), named from the picker's list. */
function ReferenceName({ spec, value }: { spec: FieldSpec; value: unknown }) {
  const lang = currentLang();
  const options = useQuery(referenceOptionsQuery(spec.options?.endpoint ?? ''));
  const key = spec.options?.valueField ?? 'id';
  const wanted = key === 'id' ? Number(value) : value;
  const found = options.data?.find((o) => o[key] === wanted) as ResourceRecord | undefined;
  if (!found) return <>{key === 'id' ? `#${String(value)}` : String(value)}</>;
  return <>{spec.options?.label ? spec.options.label(found, lang) : optionLabel(found)}</>;
}

/** Several references (a privilege's endpoints), one a line, named from the picker's list. */
function ReferenceNames({ spec, ids }: { spec: FieldSpec; ids: number[] }) {
  const lang = currentLang();
  const options = useQuery(referenceOptionsQuery(spec.options?.endpoint ?? ''));
  const byId = new Map((options.data ?? []).map((o) => [o.id, o]));
  const names = ids.map((id) => {
    const found = byId.get(id);
    if (!found) return `#${id}`;
    return spec.options?.label ? spec.options.label(found, lang) : optionLabel(found);
  });
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-field={spec.name}>
      {[...new Set(names)].sort().map((name) => (
        <li key={name}>{name}</li>
      ))}
    </Box>
  );
}
