/**
 * Existing records linked to the viewed one (a project's constructions): listed; linked by picking
 * several from the candidates and confirming; unlinked one at a time after a confirmation. What the
 * calls are comes from the description's `LinkedSection`.
 */
import AddIcon from '@mui/icons-material/Add';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { foldSearchText } from '@sitepay/domain/search-text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAbility } from '../app/use-ability.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { hint } from '../components/hint.ts';
import { currentLang } from '../i18n/i18n.ts';
import { api } from '../lib/api-client.ts';
import { optionLabel } from './format-value.ts';
import { RelatedTable } from './related-table.tsx';
import { invalidateResource, relatedListQuery } from './resource.queries.ts';
import {
  type LinkedSection as LinkedSectionSpec,
  type ResourceDescription,
  type ResourceRecord,
  withId,
} from './resource.types.ts';

type Props = { resource: ResourceDescription; section: LinkedSectionSpec; parent: ResourceRecord };

export function LinkedSection({ resource, section, parent }: Props) {
  const { t } = useTranslation();
  const ability = useAbility();
  const client = useQueryClient();
  const key = (k: string, o?: Record<string, unknown>) =>
    t(`resources.${resource.name}.related.${section.key}.${k}`, o);
  const list = useQuery({
    ...relatedListQuery(resource.name, section.key, withId(section.list, parent.id)),
    select: (rows: ResourceRecord[]) => (section.only ? rows.filter(section.only) : rows),
  });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ResourceRecord | null>(null);
  const parentName = String(parent[resource.titleField] ?? parent.id);
  const canChange = parent.status !== 'D' && ability.can('update', resource.name);
  const refresh = () =>
    Promise.all([
      invalidateResource(client, resource.name),
      invalidateResource(client, section.childResource),
    ]);

  const remove = useMutation({
    mutationFn: (child: ResourceRecord) =>
      api.delete(withId(section.remove?.path ?? '', parent.id), section.remove?.body(parent.id, child), {
        action: key('remove'),
      }),
    onSettled: refresh,
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" data-section={section.key}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {key('title')}
        </Typography>
        {list.data && <Chip size="small" label={list.data.length} />}
        <Box sx={{ flex: 1 }} />
        {section.add && canChange && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {key('add')}
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
          empty={key('empty')}
          label={key('title')}
          labels={`resources.${resource.name}.related.${section.key}.columns`}
          actions={(row) => {
            const name = String(row[section.titleField] ?? row.id);
            return (
              <>
                {section.viewRoute && (
                  <IconButton
                    size="small"
                    component={RouterLink}
                    to={withId(section.viewRoute, row.id)}
                    {...hint(t('common.view'))}
                    aria-label={`${t('common.view')}: ${name}`}
                  >
                    <VisibilityOutlinedIcon fontSize="small" />
                  </IconButton>
                )}
                {section.remove && canChange && (
                  <IconButton
                    size="small"
                    onClick={() => setRemoving(row)}
                    {...hint(key('remove'))}
                    aria-label={`${key('remove')}: ${name}`}
                  >
                    <LinkOffIcon fontSize="small" color="error" />
                  </IconButton>
                )}
              </>
            );
          }}
        />
      )}
      {section.add && adding && (
        <AddDialog
          resource={resource}
          section={section}
          parent={parent}
          parentName={parentName}
          onClose={() => setAdding(false)}
          onDone={refresh}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={key('remove')}
        message={
          removing
            ? key('confirmRemove', {
                name: String(removing[section.titleField] ?? removing.id),
                parent: parentName,
              })
            : ''
        }
        color="error"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing, { onSettled: () => setRemoving(null) })}
      />
    </Paper>
  );
}

function AddDialog({
  resource,
  section,
  parent,
  parentName,
  onClose,
  onDone,
}: Props & { parentName: string; onClose: () => void; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const key = (k: string, o?: Record<string, unknown>) =>
    t(`resources.${resource.name}.related.${section.key}.${k}`, o);
  const add = section.add!;
  const candidates = useQuery({
    ...relatedListQuery(resource.name, `${section.key}-candidates`, withId(add.candidates, parent.id)),
    select: (rows: ResourceRecord[]) => (section.only ? rows.filter(section.only) : rows),
  });
  const [picked, setPicked] = useState<ResourceRecord[]>([]);
  const lang = currentLang();
  const labelOf = (o: ResourceRecord) =>
    section.optionLabel ? section.optionLabel(o, lang) : optionLabel(o);
  const save = useMutation({
    mutationFn: async (ids: number[]) => {
      const send = (body: unknown) =>
        add.method === 'PATCH'
          ? api.patch(withId(add.path, parent.id), body, { action: key('add') })
          : api.post(withId(add.path, parent.id), body, { action: key('add') });
      // an API that links one record per call (a user's roles: {roleId}) gets one call per pick
      if (add.each) for (const id of ids) await send(add.body(parent.id, [id]));
      else await send(add.body(parent.id, ids));
    },
    onSuccess: async () => {
      await onDone();
      onClose();
    },
  });
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{key('add')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{key('pick', { parent: parentName })}</DialogContentText>
        <Autocomplete<ResourceRecord, true>
          multiple
          options={candidates.data ?? []}
          loading={candidates.isPending}
          value={picked}
          onChange={(_, value) => setPicked(value)}
          getOptionLabel={labelOf}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(all, state) => {
            const query = foldSearchText(state.inputValue);
            return query ? all.filter((o) => foldSearchText(labelOf(o)).includes(query)) : all;
          }}
          noOptionsText={key('none')}
          loadingText={t('common.loading')}
          renderInput={(params) => (
            <TextField {...params} autoFocus label={t(`resources.${section.childResource}.plural`)} />
          )}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={picked.length === 0 || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <AddIcon />}
          onClick={() => save.mutate(picked.map((p) => p.id))}
        >
          {picked.length ? key('confirmAdd', { count: picked.length }) : t('common.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
