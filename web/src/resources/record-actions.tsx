/**
 * A description's own state changes (closing a construction…): which a record offers, their icons,
 * a chip for a true flag, and the confirmation that performs one. Shared by the list and view pages.
 */
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import type { AppAbility } from '../lib/ability.ts';
import { useRecordAction } from './resource.queries.ts';
import type { RecordAction, ResourceDescription, ResourceRecord } from './resource.types.ts';

export const actionIcons = { lock: LockOutlinedIcon, lockOpen: LockOpenOutlinedIcon } as const;

/** The extra actions a record offers the current user: never on a deleted record. */
export function offeredActions(
  resource: ResourceDescription,
  record: ResourceRecord,
  ability: AppAbility,
): RecordAction[] {
  if (record.status === 'D' || !ability.can('update', resource.name)) return [];
  return (resource.recordActions ?? []).filter((action) => action.when?.(record) ?? true);
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

/** A true boolean field as a chip ("Đã đóng"), for lists and the view page's title line. */
export function FlagChip({ resource, field }: { resource: string; field: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color="default"
      icon={<LockOutlinedIcon />}
      label={t(`resources.${resource}.flags.${field}`)}
      data-flag={field}
    />
  );
}
