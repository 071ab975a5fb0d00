/**
 * Records the viewed one owns, edited in place (a contractor's beneficiaries, a payment request's
 * invoices): listed, with a totals line when the section sums amounts; created and edited in a
 * dialog with the child's own fields and schema (server field errors on the fields); deleted after a
 * confirmation; each with its change history in a dialog. Changes are offered only while the viewed
 * record may change (`changeable`). Calls go to the child's API base (`create`, `update/{id}`,
 * `delete/{id}`, `history/{id}`) with the version read.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type FieldValues, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../app/use-ability.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { DialogSaveActions } from '../components/dialog-save-actions.tsx';
import { FilePanel } from '../components/file-panel.tsx';
import { hint } from '../components/hint.ts';
import { HistoryPanel } from '../components/history-panel.tsx';
import { api } from '../lib/api-client.ts';
import { formDefaults } from './form-values.ts';
import { applyServerErrors, RecordFields } from './record-fields.tsx';
import { RelatedTable } from './related-table.tsx';
import { formSchemasQuery, invalidateResource, relatedListQuery } from './resource.queries.ts';
import {
  type ChildrenSection as ChildrenSectionSpec,
  type FormSchemas,
  type ResourceDescription,
  type ResourceRecord,
  withId,
} from './resource.types.ts';

type Props = { resource: ResourceDescription; section: ChildrenSectionSpec; parent: ResourceRecord };

export function ChildrenSection({ resource, section, parent }: Props) {
  const { t } = useTranslation();
  const ability = useAbility();
  const client = useQueryClient();
  const base = section.apiBase.replace(/\/+$/, '');
  const childName = t(`resources.${section.childResource}.name`);
  const list = useQuery(relatedListQuery(resource.name, section.key, withId(section.list, parent.id)));
  const [editing, setEditing] = useState<ResourceRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ResourceRecord | null>(null);
  const [history, setHistory] = useState<ResourceRecord | null>(null);
  const [filesOf, setFilesOf] = useState<ResourceRecord | null>(null);
  const mayUpdate = parent.status !== 'D' && ability.can('update', resource.name);
  // a record that cannot change now (a payment request once sent) keeps its children as they are
  const canChange = mayUpdate && (resource.changeable?.(parent) ?? true);
  // the children's form schemas, asked for once the section shows that it may add or change one
  const schemas = useQuery({
    ...formSchemasQuery([resource.name, section.key], section.form.schemas),
    enabled: canChange,
  });
  const texts = `resources.${resource.name}.related.${section.key}`;
  const refresh = () =>
    Promise.all([
      invalidateResource(client, resource.name),
      invalidateResource(client, section.childResource),
    ]);
  const nameOf = (row: ResourceRecord) => String(row[section.titleField] ?? row.id);

  const remove = useMutation({
    mutationFn: (row: ResourceRecord) =>
      api.delete(
        `${base}/delete/${row.id}`,
        { version: row.version },
        {
          action: t('actions.delete', { resource: childName }),
        },
      ),
    onSettled: refresh,
  });

  const iconButton = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <IconButton size="small" onClick={onClick} {...hint(label)}>
      {icon}
    </IconButton>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" data-section={section.key}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t(`${texts}.title`)}
        </Typography>
        {list.data && <Chip size="small" label={list.data.length} />}
        <Box sx={{ flex: 1 }} />
        {canChange && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('actions.create', { resource: childName })}
          </Button>
        )}
      </Box>
      {list.isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <RelatedTable
          childResource={section.childResource}
          columns={section.columns}
          rows={list.data ?? []}
          totals={section.totals}
          empty={t(`${texts}.empty`)}
          label={t(`${texts}.title`)}
          actions={(row) => (
            <>
              {section.files &&
                iconButton(
                  `${t(`${texts}.files`)}: ${nameOf(row)}`,
                  <AttachFileIcon fontSize="small" />,
                  () => setFilesOf(row),
                )}
              {iconButton(`${t('history.title')}: ${nameOf(row)}`, <HistoryIcon fontSize="small" />, () =>
                setHistory(row),
              )}
              {canChange &&
                iconButton(`${t('common.edit')}: ${nameOf(row)}`, <EditOutlinedIcon fontSize="small" />, () =>
                  setEditing(row),
                )}
              {canChange &&
                iconButton(
                  `${t('common.delete')}: ${nameOf(row)}`,
                  <DeleteOutlineIcon fontSize="small" color="error" />,
                  () => setDeleting(row),
                )}
            </>
          )}
        />
      )}
      {mayUpdate && !canChange && t(`${texts}.locked`, { defaultValue: '' }) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t(`${texts}.locked`)}
        </Typography>
      )}
      {editing && schemas.data && (
        <ChildFormDialog
          section={section}
          schemas={schemas.data}
          parent={parent}
          record={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('actions.delete', { resource: childName })}
        message={deleting ? t('confirm.delete', { resource: childName, name: nameOf(deleting) }) : ''}
        color="error"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
      />
      {section.files && (
        <Dialog open={filesOf !== null} onClose={() => setFilesOf(null)} fullWidth maxWidth="sm">
          <DialogTitle>{filesOf ? `${childName} ${nameOf(filesOf)}` : ''}</DialogTitle>
          <DialogContent>
            {filesOf && (
              <FilePanel
                title={t(`${texts}.files`)}
                listUrl={`${section.files}/list/${filesOf.id}`}
                uploadUrl={`${section.files}/upload`}
                uploadFields={{ id: String(filesOf.id) }}
                downloadUrl={(file) => `${section.files}/download/${file.id}`}
                deleteUrl={(file) => `${section.files}/delete/${file.id}`}
                canUpload={canChange}
                canDelete={canChange}
                onChanged={() => void refresh()}
              />
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setFilesOf(null)}>{t('common.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
      <Dialog open={history !== null} onClose={() => setHistory(null)} fullWidth maxWidth="md">
        <DialogTitle>{history ? nameOf(history) : ''}</DialogTitle>
        <DialogContent>
          {history && (
            <HistoryPanel
              apiBase={base}
              id={history.id}
              resource={section.childResource}
              description={section}
              omit={[section.parentField]}
              plain
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setHistory(null)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function ChildFormDialog({
  section,
  schemas,
  parent,
  record,
  onClose,
  onSaved,
}: {
  section: ChildrenSectionSpec;
  schemas: FormSchemas;
  parent: ResourceRecord;
  record?: ResourceRecord;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const base = section.apiBase.replace(/\/+$/, '');
  const childName = t(`resources.${section.childResource}.name`);
  const schema = record ? schemas.update : schemas.create;
  const defaults = useMemo(() => {
    const values = formDefaults(section.form.fields, record);
    values[section.parentField] = parent.id;
    if (record) values.version = record.version;
    return values;
  }, [section, record, parent.id]);
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults,
  });
  const fieldLabel = (field: string) =>
    t(`resources.${section.childResource}.fields.${field}`, { defaultValue: field });
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      record
        ? api.put(
            `${base}/update/${record.id}`,
            { ...values, version: record.version },
            {
              action: t('actions.update', { resource: childName }),
              fieldLabel,
            },
          )
        : api.post(`${base}/create`, values, {
            action: t('actions.create', { resource: childName }),
            fieldLabel,
          }),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      await onSaved();
      onClose();
    } catch (error) {
      applyServerErrors(form, error, Object.keys(defaults));
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>
          {record
            ? t('actions.update', { resource: childName })
            : t('actions.create', { resource: childName })}
        </DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <RecordFields
              resource={section.childResource}
              fields={section.form.fields}
              schema={schema}
              form={form}
              record={record}
              columns={1}
            />
            {section.preview && <Preview section={section} form={form} />}
          </Box>
        </DialogContent>
        <DialogSaveActions busy={busy} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}

/** The section's line computed from what is typed (an invoice's VAT and total), as it is typed. */
function Preview({ section, form }: { section: ChildrenSectionSpec; form: UseFormReturn<FieldValues> }) {
  const { t } = useTranslation();
  const values = useWatch({ control: form.control });
  const text = section.preview?.(values, t);
  return text ? (
    <Typography
      sx={{ mt: 2, fontVariantNumeric: 'tabular-nums' }}
      data-testid="child-preview"
      aria-live="polite"
    >
      {text}
    </Typography>
  ) : null;
}
