/**
 * Menus (/system/menu/list): the whole menu as a tree — hidden entries and new ones marked —
 * reordered with up and down (`PATCH admin/menu/move/{id}` with the version read; the drawer follows),
 * searched without diacritics, opened and closed by branch; each entry viewed, edited, activated or
 * deactivated and deleted as on any list. "Merge the shipped menus" adds the menus and endpoint links
 * a new release brings and says what it added. Create, update and view are the generic pages.
 */
import '../../i18n/system-strings.ts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MergeIcon from '@mui/icons-material/MergeType';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { menuIcon } from '../../app/layout/menu-icons.tsx';
import { useAbility } from '../../app/use-ability.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { hint } from '../../components/hint.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { menuTitleIn } from '../../resources/menu-label.ts';
import { type StatusAction, useStatusAction } from '../../resources/resource.queries.ts';
import type { ResourceDescription } from '../../resources/resource.types.ts';
import { menuRows, parentIds, type TreeRow, topLevelParents } from './menu-admin-tree.ts';
import {
  allMenusQuery,
  type MenuRecord,
  type MergeAnswer,
  useMergeMenus,
  useMoveMenu,
} from './system.queries.ts';

const INDENT = { xs: 12, sm: 24 };

export function MenuTreePage({ resource }: { resource: ResourceDescription }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const menus = useQuery(allMenusQuery);
  const entries = menus.data ?? [];
  // the areas open at first; the user's choice after that
  const [opened, setOpened] = useState<Set<number> | null>(null);
  const open = opened ?? topLevelParents(entries);
  const [search, setSearch] = useState('');
  const rows = useMemo(() => menuRows(entries, open, search), [entries, open, search]);
  const move = useMoveMenu();
  const status = useStatusAction(resource);
  const [pending, setPending] = useState<{ action: StatusAction; menu: MenuRecord } | null>(null);
  const merge = useMergeMenus();
  const [askMerge, setAskMerge] = useState(false);
  const [merged, setMerged] = useState<MergeAnswer | null>(null);
  const hiddenCount = entries.filter((e) => e.hidden).length;
  const resourceName = t('resources.menu.name');
  const lang = currentLang();

  const toggle = (id: number) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpened(next);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <PageHeading sx={{ flex: '1 1 auto', mr: 'auto' }}>{t('resources.menu.plural')}</PageHeading>
        {ability.can('create', 'menu') && (
          <Button variant="outlined" startIcon={<MergeIcon />} onClick={() => setAskMerge(true)}>
            {t('system.menuTree.merge')}
          </Button>
        )}
        {ability.can('create', 'menu') && (
          <Button
            component={RouterLink}
            to={`${resource.routeBase}/create`}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t('common.create')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <TextField
          type="search"
          label={t('common.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: '1 1 240px' }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            startIcon={<UnfoldMoreIcon />}
            onClick={() => setOpened(parentIds(entries))}
            disabled={Boolean(search)}
          >
            {t('system.menuTree.openAll')}
          </Button>
          <Button
            size="small"
            startIcon={<UnfoldLessIcon />}
            onClick={() => setOpened(new Set())}
            disabled={Boolean(search)}
          >
            {t('system.menuTree.closeAll')}
          </Button>
        </Box>
      </Box>
      {menus.isSuccess && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="menu-count">
          {t('system.menuTree.count', { count: entries.length, hidden: hiddenCount })}
        </Typography>
      )}
      {menus.isPending && <Skeleton variant="rounded" height={320} />}
      {menus.isError && <Alert severity="error">{t('system.menuTree.loadFailed')}</Alert>}
      {menus.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('common.noData')}
        </Typography>
      )}
      <Box
        component="ul"
        role="tree"
        aria-label={t('resources.menu.plural')}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {rows.map((row) => (
          <MenuRow
            key={row.entry.id}
            row={row as TreeRow<MenuRecord>}
            resource={resource}
            opened={open.has(row.entry.id) || Boolean(search)}
            onToggle={() => toggle(row.entry.id)}
            moving={move.isPending}
            onMove={(direction) => move.mutate({ menu: row.entry as MenuRecord, direction })}
            onStatus={(action) => setPending({ action, menu: row.entry as MenuRecord })}
          />
        ))}
      </Box>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`actions.${pending.action}`, { resource: resourceName }) : ''}
        message={
          pending
            ? t(
                `confirm.${pending.action === 'active' ? 'activate' : pending.action === 'deactive' ? 'deactivate' : 'delete'}`,
                { resource: resourceName, name: menuTitleIn(pending.menu, lang) },
              )
            : ''
        }
        color={
          pending?.action === 'delete' ? 'error' : pending?.action === 'deactive' ? 'warning' : 'primary'
        }
        busy={status.isPending}
        onClose={() => setPending(null)}
        onConfirm={() =>
          pending &&
          status.mutate(
            { action: pending.action, record: pending.menu },
            { onSettled: () => setPending(null) },
          )
        }
      />
      <ConfirmDialog
        open={askMerge}
        title={t('system.menuTree.merge')}
        message={t('system.menuTree.confirmMerge')}
        busy={merge.isPending}
        onClose={() => setAskMerge(false)}
        onConfirm={() =>
          merge.mutate(undefined, {
            onSuccess: (answer) => setMerged(answer),
            onSettled: () => setAskMerge(false),
          })
        }
      />
      {merged && <MergedDialog answer={merged} onClose={() => setMerged(null)} />}
    </Paper>
  );
}

function MenuRow({
  row,
  resource,
  opened,
  onToggle,
  moving,
  onMove,
  onStatus,
}: {
  row: TreeRow<MenuRecord>;
  resource: ResourceDescription;
  opened: boolean;
  onToggle: () => void;
  moving: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onStatus: (action: StatusAction) => void;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const lang = currentLang();
  const { entry, depth } = row;
  const title = menuTitleIn(entry, lang);
  const Icon = menuIcon(entry.icon, entry.name);
  const canUpdate = ability.can('update', 'menu');
  const canDelete = ability.can('delete', 'menu');
  const [more, setMore] = useState<HTMLElement | null>(null);
  const iconButton = (label: string, icon: React.ReactNode, props: object) => (
    // the hint on a box around the button: a disabled button takes no pointer
    <span {...hint(label, { describes: true })}>
      <IconButton size="small" aria-label={`${label}: ${title}`} {...props}>
        {icon}
      </IconButton>
    </span>
  );
  const actions = [
    {
      key: 'view',
      label: t('common.view'),
      icon: <VisibilityOutlinedIcon fontSize="small" />,
      to: `${resource.routeBase}/view/${entry.id}`,
      show: true,
    },
    {
      key: 'edit',
      label: t('common.edit'),
      icon: <EditOutlinedIcon fontSize="small" />,
      to: `${resource.routeBase}/update/${entry.id}`,
      show: canUpdate,
    },
    entry.status === 'O'
      ? {
          key: 'deactive',
          label: t('common.deactivate'),
          icon: <BlockIcon fontSize="small" color="warning" />,
          action: 'deactive' as const,
          show: canUpdate,
        }
      : {
          key: 'active',
          label: t('common.activate'),
          icon: <CheckCircleOutlineIcon fontSize="small" color="success" />,
          action: 'active' as const,
          show: canUpdate,
        },
    {
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlineIcon fontSize="small" color="error" />,
      action: 'delete' as const,
      show: canDelete,
    },
  ].filter((a) => a.show);

  return (
    <Box
      component="li"
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={row.childCount ? opened : undefined}
      data-menu={entry.name}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 0.5, sm: 1 },
        py: 0.5,
        pr: 0.5,
        pl: { xs: `${depth * INDENT.xs}px`, sm: `${depth * INDENT.sm}px` },
        borderTop: 1,
        borderColor: 'divider',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Box sx={{ width: 32, flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
        {row.childCount > 0 && (
          <IconButton
            size="small"
            onClick={onToggle}
            aria-label={`${opened ? t('system.menuTree.close') : t('system.menuTree.open')}: ${title}`}
          >
            {opened ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        )}
      </Box>
      <Icon
        fontSize="small"
        color={entry.hidden ? 'disabled' : 'action'}
        sx={{ display: { xs: 'none', sm: 'block' } }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25 }}>
          <Typography
            component={RouterLink}
            to={`${resource.routeBase}/view/${entry.id}`}
            sx={{
              fontWeight: depth === 0 ? 600 : 400,
              color: 'text.primary',
              textDecoration: 'none',
              '&:hover': { textDecoration: 'underline' },
              wordBreak: 'break-word',
            }}
          >
            {title}
          </Typography>
          {entry.hidden && (
            <Chip
              size="small"
              variant="outlined"
              icon={<VisibilityOffOutlinedIcon />}
              label={t('resources.menu.flags.hidden')}
              data-flag="hidden"
            />
          )}
          {entry.is_new && <Chip size="small" color="secondary" label={t('common.new')} data-flag="is_new" />}
          {entry.status !== 'O' && <StatusChip status={entry.status} />}
          {row.childCount > 0 && !opened && (
            <Typography variant="caption" color="text.secondary">
              {t('system.menuTree.children', { count: row.childCount })}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {entry.name}
          </Box>
          {entry.path ? ` · ${entry.path}` : ''}
        </Typography>
      </Box>
      {canUpdate && (
        <Box sx={{ display: 'flex', flexShrink: 0 }}>
          {iconButton(t('system.menuTree.up'), <ArrowUpwardIcon fontSize="small" />, {
            disabled: !row.canUp || moving,
            onClick: () => onMove('up'),
          })}
          {iconButton(t('system.menuTree.down'), <ArrowDownwardIcon fontSize="small" />, {
            disabled: !row.canDown || moving,
            onClick: () => onMove('down'),
          })}
        </Box>
      )}
      {phone ? (
        <>
          <IconButton
            size="small"
            aria-label={`${t('common.actions')}: ${title}`}
            aria-haspopup="menu"
            onClick={(e) => setMore(e.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={more} open={more !== null} onClose={() => setMore(null)}>
            {actions.map((a) => (
              <MenuItem
                key={a.key}
                {...('to' in a ? { component: RouterLink, to: a.to } : {})}
                onClick={() => {
                  setMore(null);
                  if ('action' in a && a.action) onStatus(a.action);
                }}
              >
                <ListItemIcon>{a.icon}</ListItemIcon>
                {a.label}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        <Box sx={{ display: 'flex', flexShrink: 0 }}>
          {actions.map((a) => (
            <Box key={a.key} component="span" sx={{ display: 'contents' }}>
              {iconButton(
                a.label,
                a.icon,
                'to' in a
                  ? { component: RouterLink, to: a.to }
                  : { onClick: () => 'action' in a && a.action && onStatus(a.action) },
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function MergedDialog({ answer, onClose }: { answer: MergeAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  const nothing = answer.added.length === 0 && answer.endpoints_linked === 0;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="merged-title"
      data-testid="merged-dialog"
    >
      <DialogTitle id="merged-title">{t('system.menuTree.mergedTitle')}</DialogTitle>
      <DialogContent>
        {nothing ? (
          <Alert severity="info">{t('system.menuTree.mergedNothing')}</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>
              {t('system.menuTree.mergedAdded', { count: answer.added.length })}
            </Typography>
            {answer.added.length > 0 && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 2 }}>
                {answer.added.map((name) => (
                  <Chip key={name} size="small" label={name} sx={{ fontFamily: 'monospace' }} />
                ))}
              </Box>
            )}
            <Typography>{t('system.menuTree.mergedLinked', { count: answer.endpoints_linked })}</Typography>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
