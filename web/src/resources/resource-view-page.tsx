/**
 * The generic view page: a record's fields (references by name, choices by label), status and flag
 * chips, audit columns, edit and the description's own actions, then its related sections (linked
 * or owned records) and its change history.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAbility } from '../app/use-ability.ts';
import { FilePanel } from '../components/file-panel.tsx';
import { HistoryPanel } from '../components/history-panel.tsx';
import { StatusChip } from '../components/status-chip.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { referenceLists } from './form-values.ts';
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
import { referenceOptionsQuery, resourceRecordQuery } from './resource.queries.ts';
import type { FieldSpec, ResourceDescription, ResourceRecord } from './resource.types.ts';

export function ResourceViewPage({ resource }: { resource: ResourceDescription }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const ability = useAbility();
  const lang = currentLang();
  const record = useQuery(resourceRecordQuery(resource, id));
  const [pending, setPending] = useState<PendingAction>(null);
  const client = useQueryClient();
  if (record.isPending) return <Skeleton variant="rounded" height={320} />;
  if (!record.data) return <Alert severity="error">{t('errors.causes.notFound')}</Alert>;
  const data = record.data;
  const fields = resource.viewFields ?? resource.form.fields.map((f) => f.name);
  const label = (name: string) => t(`resources.${resource.name}.fields.${name}`, { defaultValue: name });
  const specOf = (name: string) => resource.form.fields.find((f) => f.name === name);
  const kindOf = (name: string) => specOf(name)?.kind ?? resource.columns.find((c) => c.field === name)?.kind;
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
      return <ReferenceName spec={spec} id={Number(data[name])} />;
    return displayValue(resource.name, name, data[name], kindOf(name), lang, t);
  };
  const actions = offeredActions(resource, data, ability);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
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
        {fields.map((name) => row(label(name), fieldValue(name)))}
        <Divider sx={{ my: 2 }} />
        {row(t('common.createdAt'), formatValue(data.created_at, 'date', lang))}
        {row(t('common.createdBy'), String(data.created_by ?? ''))}
        {row(t('common.updatedAt'), formatValue(data.updated_at, 'date', lang))}
        {row(t('common.updatedBy'), String(data.updated_by ?? ''))}
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
          <Button
            component={RouterLink}
            to={`${resource.routeBase}/list`}
            startIcon={<ArrowBackIcon />}
            color="inherit"
            sx={{ mr: 'auto' }}
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
      </Paper>
      {(resource.related ?? []).map((section) =>
        section.kind === 'linked' ? (
          <LinkedSection key={section.key} resource={resource} section={section} parent={data} />
        ) : (
          <ChildrenSection key={section.key} resource={resource} section={section} parent={data} />
        ),
      )}
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
      <HistoryPanel
        apiBase={resource.apiBase}
        id={data.id}
        resource={resource.name}
        references={referenceLists(resource.form.fields)}
      />
      <RecordActionDialog resource={resource} pending={pending} onClose={() => setPending(null)} />
    </Box>
  );
}

/** A reference the API sends as a bare id, named from the picker's list. */
function ReferenceName({ spec, id }: { spec: FieldSpec; id: number }) {
  const options = useQuery(referenceOptionsQuery(spec.options?.endpoint ?? ''));
  const found = options.data?.find((o) => o.id === id) as ResourceRecord | undefined;
  return <>{found ? optionLabel(found) : `#${id}`}</>;
}
