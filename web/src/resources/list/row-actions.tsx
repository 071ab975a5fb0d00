/**
 * A list row's actions: view, edit, activate or deactivate, the description's own actions and delete —
 * which the row offers the current user, the icon buttons (a menu on phones) and the confirmations
 * that perform them.
 */
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { hint } from '../../components/hint.ts';
import type { AppAbility } from '../../lib/ability.ts';
import { useOpenedOnce } from '../../lib/opened-once.ts';
import { actionIcons, type PendingAction, RecordActionDialog } from '../record-actions.tsx';
import { type StatusAction, useStatusAction } from '../resource.queries.ts';
import {
  type RecordAction,
  type ResourceDescription,
  type ResourceRecord,
  withId,
} from '../resource.types.ts';

export type PendingStatus = { action: StatusAction; record: ResourceRecord } | null;
type Shown = { view: boolean; update: boolean; status: boolean; delete: boolean };

/** The generic actions a list offers, as the description narrows them (all by default). */
export const listActions = (resource: Pick<ResourceDescription, 'actions'>) => ({
  view: true,
  update: true,
  status: true,
  delete: true,
  create: true,
  ...resource.actions,
});

/** Whether the list has an actions column at all (before the user's rights). */
export function offersRowActions(resource: Pick<ResourceDescription, 'actions' | 'recordActions'>): boolean {
  const actions = listActions(resource);
  return (
    actions.view ||
    actions.update ||
    actions.status ||
    actions.delete ||
    Boolean(resource.recordActions?.some((a) => !a.viewOnly))
  );
}

/** How many icons a row may show the user (one "more" button on phones), for the column's width. */
export function rowActionCount(resource: ResourceDescription, ability: AppAbility, phone: boolean): number {
  if (phone) return 1;
  const actions = listActions(resource);
  const subject = resource.name;
  const canUpdate = ability.can('update', subject);
  return (
    [
      actions.view && ability.can('read', subject),
      actions.update && canUpdate,
      actions.status && canUpdate,
      actions.delete && ability.can('delete', subject),
    ].filter(Boolean).length +
    (resource.recordActions?.filter((a) => !a.viewOnly && ability.can(a.right ?? 'update', subject)).length ??
      0)
  );
}

/** The generic actions one row offers the user: a removed or unchangeable record is only viewed. */
export function rowShows(resource: ResourceDescription, row: ResourceRecord, ability: AppAbility): Shown {
  const actions = listActions(resource);
  const subject = resource.name;
  const changeable = row.status !== 'D' && (resource.changeable?.(row) ?? true);
  return {
    view: actions.view && ability.can('read', subject),
    update: actions.update && changeable && ability.can('update', subject),
    status: actions.status && changeable && ability.can('update', subject),
    delete: actions.delete && changeable && ability.can('delete', subject),
  };
}

export const rowViewPath = (resource: ResourceDescription, row: ResourceRecord) =>
  withId(resource.viewRoute ?? `${resource.routeBase}/view/{id}`, row.id);

/** The action a row asked for and awaits its confirmation: a status change, or a description's own. */
export function usePendingRowActions() {
  const [pending, setPending] = useState<PendingStatus>(null);
  const [pendingAction, setPendingAction] = useState<PendingAction>(null);
  return { pending, setPending, pendingAction, setPendingAction };
}

/**
 * A row's actions: icon buttons, each named for a screen reader; `compact` (phones) folds them into
 * one "more" button opening a menu, so the row keeps its name and status in sight.
 */
export function RowActions({
  row,
  resource,
  show,
  extra,
  viewPath,
  onAction,
  onExtra,
  compact,
}: {
  row: ResourceRecord;
  resource: ResourceDescription;
  show: Shown;
  viewPath: string;
  extra: RecordAction[];
  onAction: (action: StatusAction) => void;
  onExtra: (action: RecordAction) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const name = String(row[resource.titleField] ?? row.id);
  type Item = { key: string; label: string; icon: React.ReactNode; props: object };
  const items: Item[] = [];
  if (show.view)
    items.push({
      key: 'view',
      label: t('common.view'),
      icon: <VisibilityOutlinedIcon fontSize="small" />,
      props: { component: RouterLink, to: viewPath },
    });
  if (show.update)
    items.push({
      key: 'update',
      label: t('common.edit'),
      icon: <EditOutlinedIcon fontSize="small" />,
      props: { component: RouterLink, to: `${resource.routeBase}/update/${row.id}` },
    });
  if (show.status)
    items.push(
      row.status === 'O'
        ? {
            key: 'deactivate',
            label: t('common.deactivate'),
            icon: <BlockIcon fontSize="small" color="warning" />,
            props: { onClick: () => onAction('deactive') },
          }
        : {
            key: 'activate',
            label: t('common.activate'),
            icon: <CheckCircleOutlineIcon fontSize="small" color="success" />,
            props: { onClick: () => onAction('active') },
          },
    );
  for (const action of extra) {
    const Icon = actionIcons[action.icon ?? 'lock'];
    items.push({
      key: action.key,
      label: t(`resources.${resource.name}.actions.${action.key}`),
      icon: <Icon fontSize="small" color={action.color ?? 'primary'} />,
      props: { onClick: () => onExtra(action) },
    });
  }
  if (show.delete)
    items.push({
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlineIcon fontSize="small" color="error" />,
      props: { onClick: () => onAction('delete') },
    });
  if (!items.length) return null;
  if (compact) return <RowActionsMenu name={name} items={items} />;
  return (
    <Box sx={{ display: 'flex', gap: 0.25, alignItems: 'center', height: '100%' }}>
      {items.map((item) => (
        <IconButton
          key={item.key}
          size="small"
          {...hint(item.label)}
          aria-label={`${item.label}: ${name}`}
          {...item.props}
        >
          {item.icon}
        </IconButton>
      ))}
    </Box>
  );
}

/** A phone's row actions: one "more" button opening them as a menu. */
function RowActionsMenu({
  name,
  items,
}: {
  name: string;
  items: { key: string; label: string; icon: React.ReactNode; props: object }[];
}) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // each card has one: drawn when first opened (web/src/lib/opened-once.ts)
  const drawn = useOpenedOnce(Boolean(menu));
  return (
    <>
      <IconButton
        size="small"
        aria-label={`${t('common.actions')}: ${name}`}
        aria-haspopup="menu"
        aria-expanded={menu ? 'true' : undefined}
        onClick={(event) => setMenu(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {drawn && (
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          {items.map((item) => (
            <MenuItem
              key={item.key}
              {...item.props}
              onClick={(event: React.MouseEvent) => {
                setMenu(null);
                (item.props as { onClick?: (e: React.MouseEvent) => void }).onClick?.(event);
              }}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}

/** The i18n key of a status change's confirmation (`confirm.activate|deactivate|delete`). */
export const statusConfirmKey = (action: StatusAction) =>
  `confirm.${action === 'active' ? 'activate' : action === 'deactive' ? 'deactivate' : 'delete'}`;

/** The confirmations of a row's actions, and the calls that perform them. */
export function RowActionDialogs({
  resource,
  pending,
  pendingAction,
  onClose,
  onCloseAction,
}: {
  resource: ResourceDescription;
  pending: PendingStatus;
  pendingAction: PendingAction;
  onClose: () => void;
  onCloseAction: () => void;
}) {
  const { t } = useTranslation();
  const statusAction = useStatusAction(resource);
  const resourceName = t(`resources.${resource.name}.name`);
  const recordName = pending ? String(pending.record[resource.titleField] ?? pending.record.id) : '';
  return (
    <>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`actions.${pending.action}`, { resource: resourceName }) : ''}
        message={
          pending ? t(statusConfirmKey(pending.action), { resource: resourceName, name: recordName }) : ''
        }
        color={
          pending?.action === 'delete' ? 'error' : pending?.action === 'deactive' ? 'warning' : 'primary'
        }
        busy={statusAction.isPending}
        onClose={onClose}
        onConfirm={() => pending && statusAction.mutate(pending, { onSettled: onClose })}
      />
      <RecordActionDialog resource={resource} pending={pendingAction} onClose={onCloseAction} />
    </>
  );
}
