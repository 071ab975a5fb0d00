/**
 * The top bar: menu toggle, back, construction selector, the approval queue's count (for approvers),
 * language switch, full screen (wide screens only), theme settings, and the profile menu (profile, the
 * delegation of deciding for those who decide, logout confirmed).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import PaletteIcon from '@mui/icons-material/Palette';
import PersonIcon from '@mui/icons-material/Person';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { hint } from '../../components/hint.ts';
import { useOpenedOnce } from '../../lib/opened-once.ts';
import { readSession } from '../../lib/session.ts';
import { approvalCountQuery } from '../account.queries.ts';
import { WIDE_SCREEN_QUERY } from '../theme.ts';
import { useAbility } from '../use-ability.ts';
import { ConstructionSelector } from './construction-selector.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { useLogout } from './use-logout.ts';

type Props = {
  mobile: boolean;
  collapsed: boolean;
  onToggleMenu: () => void;
  onOpenTheme: () => void;
  drawerWidth: number;
};

export function TopBar({ mobile, collapsed, onToggleMenu, onOpenTheme, drawerWidth }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const session = readSession();
  const [profileAnchor, setProfileAnchor] = useState<HTMLElement | null>(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const logout = useLogout();
  // who may decide payment requests may delegate it (docs/adr/0085-delegation.md)
  const deciding = useAbility().can('read', 'approval');
  const profileMenuDrawn = useOpenedOnce(Boolean(profileAnchor));

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        width: mobile ? '100%' : `calc(100% - ${drawerWidth}px)`,
        ml: mobile ? 0 : `${drawerWidth}px`,
        borderBottom: 1,
        borderColor: 'divider',
        transition: (theme) => theme.transitions.create(['width', 'margin']),
      }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          edge="start"
          onClick={onToggleMenu}
          {...hint(
            mobile ? t('common.openMenu') : collapsed ? t('common.expandMenu') : t('common.collapseMenu'),
          )}
        >
          {!mobile && !collapsed ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <IconButton onClick={() => navigate(-1)} {...hint(t('common.back'))}>
          <ArrowBackIcon />
        </IconButton>
        {!mobile && <ConstructionSelector />}
        <Box sx={{ flex: 1 }} />
        <ApprovalQueueButton />
        <LanguageSwitch compact={mobile} />
        {wide && <FullscreenButton />}
        <IconButton onClick={onOpenTheme} {...hint(t('common.settings'))}>
          <PaletteIcon />
        </IconButton>
        <IconButton
          onClick={(e) => setProfileAnchor(e.currentTarget)}
          {...hint(t('common.account'))}
          aria-haspopup="menu"
          data-testid="profile-menu-button"
        >
          <Avatar
            src={session?.avatar ?? undefined}
            sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 15 }}
          >
            {(session?.username ?? '?').slice(0, 1).toUpperCase()}
          </Avatar>
        </IconButton>
      </Toolbar>
      {mobile && (
        <Toolbar variant="dense" sx={{ px: 1, pb: 1, minHeight: 48 }}>
          <ConstructionSelector fullWidth />
        </Toolbar>
      )}
      {profileMenuDrawn && (
        <Menu
          anchorEl={profileAnchor}
          open={Boolean(profileAnchor)}
          onClose={() => setProfileAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="subtitle2">{session?.username}</Typography>
          </Box>
          <Divider />
          <MenuItem
            onClick={() => {
              setProfileAnchor(null);
              navigate('/profile');
            }}
          >
            <ListItemIcon>
              <PersonIcon fontSize="small" />
            </ListItemIcon>
            {t('common.profile')}
          </MenuItem>
          {deciding && (
            <MenuItem
              onClick={() => {
                setProfileAnchor(null);
                navigate('/profile/delegation');
              }}
              data-testid="delegation-menu"
            >
              <ListItemIcon>
                <AssignmentIndOutlinedIcon fontSize="small" />
              </ListItemIcon>
              {t('common.delegation')}
            </MenuItem>
          )}
          <MenuItem
            onClick={() => {
              setProfileAnchor(null);
              setConfirmLogout(true);
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            {t('common.logout')}
          </MenuItem>
        </Menu>
      )}
      <ConfirmDialog
        open={confirmLogout}
        title={t('confirm.logoutTitle')}
        message={t('confirm.logout')}
        confirmLabel={t('common.logout')}
        busy={logout.isPending}
        onClose={() => setConfirmLogout(false)}
        onConfirm={() => logout.mutate(undefined, { onSettled: () => setConfirmLogout(false) })}
      />
    </AppBar>
  );
}

/** The count of payment requests waiting for the user's decision, linking to the queue. */
function ApprovalQueueButton() {
  const ability = useAbility();
  const allowed = ability.can('read', 'approval');
  if (!allowed) return null;
  return <ApprovalQueueBadge />;
}

function ApprovalQueueBadge() {
  const { t } = useTranslation();
  const { data } = useQuery(approvalCountQuery);
  const count = data?.count ?? 0;
  const label = count ? t('layout.approvalQueue', { count }) : t('layout.approvalQueueEmpty');
  return (
    <IconButton
      component={RouterLink}
      to="/management/approval/list"
      {...hint(label)}
      data-testid="approval-badge"
    >
      {/* no hidden "0" in the badge: what it shows is what its name says (WCAG 2.5.3) */}
      <Badge badgeContent={count || undefined} color="error" max={999}>
        <FactCheckOutlinedIcon />
      </Badge>
    </IconButton>
  );
}

function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const label = full ? t('common.exitFullscreen') : t('common.fullscreen');
  return (
    <IconButton
      {...hint(label)}
      onClick={() => {
        if (document.fullscreenElement) void document.exitFullscreen();
        else void document.documentElement.requestFullscreen?.().catch(() => {});
      }}
    >
      {full ? <FullscreenExitIcon /> : <FullscreenIcon />}
    </IconButton>
  );
}
