/** The generic view page: a record's fields, status and audit columns, with edit and back. */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAbility } from '../app/use-ability.ts';
import { HistoryPanel } from '../components/history-panel.tsx';
import { StatusChip } from '../components/status-chip.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { formatValue } from './format-value.ts';
import { resourceRecordQuery } from './resource.queries.ts';
import type { ResourceDescription } from './resource.types.ts';

export function ResourceViewPage({ resource }: { resource: ResourceDescription }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const ability = useAbility();
  const lang = currentLang();
  const record = useQuery(resourceRecordQuery(resource, id));
  if (record.isPending) return <Skeleton variant="rounded" height={320} />;
  if (!record.data) return <Alert severity="error">{t('errors.causes.notFound')}</Alert>;
  const data = record.data;
  const fields = resource.viewFields ?? resource.form.fields.map((f) => f.name);
  const kindOf = (name: string) =>
    resource.form.fields.find((f) => f.name === name)?.kind === 'date'
      ? 'date'
      : resource.form.fields.find((f) => f.name === name)?.kind === 'amount'
        ? 'amount'
        : undefined;
  const label = (name: string) => t(`resources.${resource.name}.fields.${name}`, { defaultValue: name });
  const row = (name: string, text: string) => (
    <Box
      key={name}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { sm: 2 }, py: 1 }}
    >
      <Typography color="text.secondary" variant="body2">
        {name}
      </Typography>
      <Typography sx={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>{text || '—'}</Typography>
    </Box>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ mr: 'auto' }}>
            {String(data[resource.titleField] ?? '')}
          </Typography>
          <StatusChip status={data.status} />
        </Box>
        {fields.map((name) => row(label(name), formatValue(data[name], kindOf(name), lang)))}
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
          >
            {t('common.back')}
          </Button>
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
      <HistoryPanel apiBase={resource.apiBase} id={data.id} resource={resource.name} />
    </Box>
  );
}
