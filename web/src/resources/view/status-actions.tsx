/**
 * Activation and deletion on the view page (the description's `viewActions`): which the record offers
 * the user, their buttons (with the other buttons, or at the foot of the record's tab) and the
 * confirmation that performs them — a deleted record goes back to the list.
 */
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { AppAbility } from '../../lib/ability.ts';
import type { StatusAction, useStatusAction } from '../resource.queries.ts';
import type { ResourceDescription, ResourceRecord } from '../resource.types.ts';

export type StatusOffer = { status: boolean; delete: boolean };

/** What the view page offers: none on a deleted record, else what the description lists and the user may do. */
export function statusOffer(
  resource: Pick<ResourceDescription, 'name' | 'viewActions'>,
  record: Pick<ResourceRecord, 'status'>,
  ability: Pick<AppAbility, 'can'>,
): StatusOffer {
  const viewActions = record.status === 'D' ? [] : (resource.viewActions ?? []);
  return {
    status: viewActions.includes('status') && ability.can('update', resource.name),
    delete: viewActions.includes('delete') && ability.can('delete', resource.name),
  };
}

/** The confirmation's words (`confirm.<key>`) and colour for an action. */
export function statusConfirm(action: StatusAction): {
  key: 'activate' | 'deactivate' | 'delete';
  color: 'primary' | 'warning' | 'error';
} {
  if (action === 'delete') return { key: 'delete', color: 'error' };
  if (action === 'deactive') return { key: 'deactivate', color: 'warning' };
  return { key: 'activate', color: 'primary' };
}

/** Deactivate (an open record) or activate, then delete — as offered. */
export function StatusButtons({
  offer,
  status,
  onPick,
}: {
  offer: StatusOffer;
  status: unknown;
  onPick: (action: StatusAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {offer.status &&
        (status === 'O' ? (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<BlockIcon />}
            onClick={() => onPick('deactive')}
          >
            {t('common.deactivate')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            color="success"
            startIcon={<CheckCircleOutlineIcon />}
            onClick={() => onPick('active')}
          >
            {t('common.activate')}
          </Button>
        ))}
      {offer.delete && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => onPick('delete')}
        >
          {t('common.delete')}
        </Button>
      )}
    </>
  );
}

const confirmTexts = (
  t: TFunction,
  pending: StatusAction | null,
  resourceName: string,
  recordName: string,
) =>
  pending
    ? {
        title: t(`actions.${pending}`, { resource: resourceName }),
        message: t(`confirm.${statusConfirm(pending).key}`, { resource: resourceName, name: recordName }),
      }
    : { title: '', message: '' };

/** The confirmation of the picked action; closes when the server has answered. */
export function StatusConfirmDialog({
  resource,
  record,
  pending,
  statusAction,
  onClose,
}: {
  resource: ResourceDescription;
  record: ResourceRecord;
  pending: StatusAction | null;
  statusAction: ReturnType<typeof useStatusAction>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resourceName = t(`resources.${resource.name}.name`);
  const recordName = String(record[resource.titleField] ?? record.id);
  const { title, message } = confirmTexts(t, pending, resourceName, recordName);
  return (
    <ConfirmDialog
      open={pending !== null}
      title={title}
      message={message}
      color={pending ? statusConfirm(pending).color : 'primary'}
      busy={statusAction.isPending}
      onClose={onClose}
      onConfirm={() =>
        pending &&
        statusAction.mutate(
          { action: pending, record },
          {
            onSuccess: () => {
              if (pending === 'delete') navigate(`${resource.routeBase}/list`);
            },
            onSettled: onClose,
          },
        )
      }
    />
  );
}
