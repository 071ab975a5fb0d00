/**
 * The view page's header: the record's title with its flag and status chips, and its buttons — back to
 * the list, the description's own actions, the feature's, activation and deletion (unless the record's
 * tab has them at its foot) and edit, last.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import type { AppAbility } from '../../lib/ability.ts';
import { actionIcons, FlagChip, offeredActions } from '../record-actions.tsx';
import type { RecordAction, ResourceDescription, ResourceRecord } from '../resource.types.ts';

/** The flags the record has set, each shown as a chip. */
export const raisedFlags = (resource: Pick<ResourceDescription, 'flags'>, record: ResourceRecord): string[] =>
  (resource.flags ?? []).filter((flag) => record[flag] === true);

export function ViewHeading({ resource, record }: { resource: ResourceDescription; record: ResourceRecord }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
      <PageHeading sx={{ mr: 'auto', wordBreak: 'break-word' }}>
        {String(record[resource.titleField] ?? '')}
      </PageHeading>
      {raisedFlags(resource, record).map((flag) => (
        <FlagChip key={flag} resource={resource.name} field={flag} />
      ))}
      <StatusChip status={record.status} />
    </Box>
  );
}

/**
 * `extra`: the feature's own buttons; `statusButtons`: activation and deletion when they stand here.
 * Above tabs (`tabbed`) the buttons sit under the heading.
 */
export function ViewButtons({
  resource,
  record,
  ability,
  tabbed,
  extra,
  statusButtons,
  onAction,
}: {
  resource: ResourceDescription;
  record: ResourceRecord;
  ability: AppAbility;
  tabbed: boolean;
  extra: React.ReactNode;
  statusButtons: React.ReactNode;
  onAction: (action: RecordAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1.5,
        justifyContent: 'flex-end',
        mt: tabbed ? 0 : 3,
        mb: tabbed ? 1 : 0,
        flexWrap: 'wrap',
        // above tabs on a phone the buttons fill their rows, so the header stays short and even
        ...(tabbed && { '& > :not([data-back])': { flex: { xs: '1 1 auto', sm: '0 0 auto' } } }),
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
      {offeredActions(resource, record, ability).map((action) => {
        const Icon = action.icon ? actionIcons[action.icon] : null;
        return (
          <Button
            key={action.key}
            variant="outlined"
            color={action.color ?? 'primary'}
            startIcon={Icon ? <Icon /> : undefined}
            onClick={() => onAction(action)}
          >
            {t(`resources.${resource.name}.actions.${action.key}`)}
          </Button>
        );
      })}
      {extra}
      {statusButtons}
      {record.status !== 'D' && ability.can('update', resource.name) && (
        <Button
          component={RouterLink}
          to={`${resource.routeBase}/update/${record.id}`}
          variant="contained"
          startIcon={<EditOutlinedIcon />}
        >
          {t('common.edit')}
        </Button>
      )}
    </Box>
  );
}
