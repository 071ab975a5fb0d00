/**
 * A description's own state changes (closing a construction…): which a record offers, their icons,
 * a chip for a true flag, and the confirmation that performs one. Shared by the list and view pages.
 */
import AlarmIcon from '@mui/icons-material/AccessAlarm';
import FlagIcon from '@mui/icons-material/Flag';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import SyncProblemOutlinedIcon from '@mui/icons-material/SyncProblemOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { hint } from '../components/hint.ts';
import type { AppAbility } from '../lib/ability.ts';
import { useRecordAction } from './resource.queries.ts';
import type {
  ChipColor,
  FlagIcon as FlagIconName,
  RecordAction,
  ResourceDescription,
  ResourceRecord,
} from './resource.types.ts';

export const actionIcons = {
  lock: LockOutlinedIcon,
  lockOpen: LockOpenOutlinedIcon,
  send: ReplayIcon,
} as const;

/** The extra actions a record offers the current user (a list row leaves out `viewOnly` ones). */
export function offeredActions(
  resource: ResourceDescription,
  record: ResourceRecord,
  ability: AppAbility,
  place: 'list' | 'view' = 'view',
): RecordAction[] {
  if (record.status === 'D') return [];
  if (resource.changeable && !resource.changeable(record)) return [];
  return (resource.recordActions ?? []).filter(
    (action) =>
      ability.can(action.right ?? 'update', resource.name) &&
      !(place === 'list' && action.viewOnly) &&
      (action.when?.(record) ?? true),
  );
}

export type PendingAction = { action: RecordAction; record: ResourceRecord } | null;

export function RecordActionDialog({
  resource,
  pending,
  onClose,
}: {
  resource: ResourceDescription;
  pending: PendingAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useRecordAction(resource);
  const name = pending ? String(pending.record[resource.titleField] ?? pending.record.id) : '';
  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? t(`resources.${resource.name}.actions.${pending.action.key}`) : ''}
      message={pending ? t(`resources.${resource.name}.confirm.${pending.action.key}`, { name }) : ''}
      color={pending?.action.color ?? 'primary'}
      busy={run.isPending}
      onClose={onClose}
      onConfirm={() => pending && run.mutate(pending, { onSettled: onClose })}
    />
  );
}

const flagIcons = {
  lock: LockOutlinedIcon,
  flag: FlagIcon,
  clock: AlarmIcon,
  account: SyncProblemOutlinedIcon,
  person: PersonOffOutlinedIcon,
} as const;
const flagColors: Record<FlagIconName, ChipColor> = {
  lock: 'default',
  flag: 'warning',
  clock: 'error',
  account: 'error',
  person: 'warning',
};

/**
 * A true boolean field as a chip ("Đã đóng"), for lists and the view page's title line; `compact`
 * shows the icon alone with the label as its tooltip and accessible name (a narrow list column).
 */
export function FlagChip({
  resource,
  field,
  icon = 'lock',
  compact,
  detail,
}: {
  resource: string;
  field: string;
  icon?: FlagIconName;
  compact?: boolean;
  /** Words of this record's flag (who, when) instead of the flag's name. */
  detail?: string;
}) {
  const { t } = useTranslation();
  const label = detail ?? t(`resources.${resource}.flags.${field}`);
  const Icon = flagIcons[icon];
  if (compact)
    return (
      <Icon
        fontSize="small"
        color={flagColors[icon] === 'default' ? 'action' : (flagColors[icon] as 'warning' | 'error')}
        {...hint(label)}
        role="img"
        data-flag={field}
        sx={{ verticalAlign: 'middle' }}
      />
    );
  return <Chip size="small" color={flagColors[icon]} icon={<Icon />} label={label} data-flag={field} />;
}
