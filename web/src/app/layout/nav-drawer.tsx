/**
 * The side drawer: the server's menu tree, hidden entries left out, a badge on new entries, the
 * active entry highlighted. 256 px wide, 64 px collapsed (icons with tooltips); a temporary drawer
 * on phones. Light or dark per the user's preference.
 */
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { hint } from '../../components/hint.ts';
import { activeTrail, buildMenuTree, isActiveEntry, type MenuNode } from '../../lib/menu-tree.ts';
import { useOpenedOnce } from '../../lib/opened-once.ts';
import type { SidebarMode } from '../../lib/preferences.ts';
import { menuQuery } from '../account.queries.ts';
import { DARK_SIDEBAR, DRAWER_COLLAPSED_WIDTH, DRAWER_WIDTH } from '../theme.ts';

type Props = {
  collapsed: boolean;
  mobile: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
  onExpand: () => void;
  sidebar: SidebarMode;
};

export const menuTitle = (entry: { title: string; title_en?: string | null }, lang: string) =>
  lang === 'en' && entry.title_en ? entry.title_en : entry.title;

export function NavDrawer({ collapsed, mobile, mobileOpen, onMobileClose, onExpand, sidebar }: Props) {
  const theme = useTheme();
  const menu = useQuery(menuQuery);
  const tree = useMemo(() => buildMenuTree(menu.data ?? []), [menu.data]);
  const mini = collapsed && !mobile;
  const width = mini ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH;
  const dark = sidebar === 'dark';
  const openedOnce = useOpenedOnce(mobileOpen);
  const colors = dark
    ? // the dark bar takes the colour as chosen (primary.light): the text shade is too dark on it
      {
        bg: DARK_SIDEBAR,
        fg: 'rgba(255,255,255,0.87)',
        muted: 'rgba(255,255,255,0.72)', // 8.5:1 on the bar (docs/adr/0083-text-contrast-aaa.md)
        border: DARK_SIDEBAR,
        active: 'primary.light',
      }
    : {
        bg: '#ffffff',
        fg: theme.palette.text.primary,
        muted: theme.palette.text.secondary,
        border: theme.palette.divider,
        active: 'primary.main',
      };

  const content = (
    <Box
      component="nav"
      aria-label="menu"
      data-sidebar={sidebar}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: colors.bg,
        color: colors.fg,
        overflowX: 'hidden',
      }}
    >
      <Box
        component={RouterLink}
        to="/about-me"
        onClick={mobile ? onMobileClose : undefined}
        sx={{
          height: 64,
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: mini ? 1.5 : 2.5,
          color: 'inherit',
          textDecoration: 'none',
        }}
      >
        <Box
          sx={{
            width: 40,
            height: 40,
            borderRadius: 2,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            flexShrink: 0,
          }}
        >
          SP
        </Box>
        {!mini && (
          <Typography variant="h6" noWrap sx={{ fontWeight: 700 }}>
            SitePay
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
        {menu.isPending ? (
          <Box sx={{ px: 2 }}>
            {[1, 2, 3, 4, 5].map((n) => (
              <Skeleton key={n} height={40} sx={{ bgcolor: dark ? 'rgba(255,255,255,0.08)' : undefined }} />
            ))}
          </Box>
        ) : (
          <MenuList
            nodes={tree}
            depth={0}
            mini={mini}
            colors={colors}
            onNavigate={mobile ? onMobileClose : undefined}
            onExpand={onExpand}
          />
        )}
      </Box>
    </Box>
  );

  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        // drawn the first time it opens, and kept from then on: a phone's first screen does not draw
        // a menu it does not show (docs/adr/0082-first-visit-loads-what-it-shows.md)
        ModalProps={{ keepMounted: openedOnce }}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH, border: 0 } } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      open
      sx={{ width, flexShrink: 0, transition: theme.transitions.create('width') }}
      slotProps={{
        paper: {
          sx: {
            width,
            overflowX: 'hidden',
            borderRight: `1px solid ${colors.border}`,
            transition: theme.transitions.create('width'),
          },
        },
      }}
      data-testid="nav-drawer"
      data-collapsed={mini ? 'true' : 'false'}
    >
      {content}
    </Drawer>
  );
}

// The entries' icons (one per screen, ~40 of them) come in a chunk of their own, asked for when the
// menu is first drawn (on a phone, when the drawer first opens): out of the first bundles
// (docs/adr/0082-first-visit-loads-what-it-shows.md).
type MenuIcons = typeof import('./menu-icons.tsx');
let iconChunk: Promise<MenuIcons> | null = null;
let loadedIcons: MenuIcons | null = null;
const loadIcons = () => {
  iconChunk ??= import('./menu-icons.tsx').then(
    (icons) => {
      loadedIcons = icons;
      return icons;
    },
    (error: unknown) => {
      iconChunk = null; // a lost chunk: the next drawing asks again
      throw error;
    },
  );
  return iconChunk;
};

function useMenuIcons() {
  const [icons, setIcons] = useState(loadedIcons);
  useEffect(() => {
    if (!icons) void loadIcons().then(setIcons, () => {});
  }, [icons]);
  return icons;
}

type Colors = { bg: string; fg: string; muted: string; border: string; active: string };

function MenuList(props: {
  nodes: MenuNode[];
  depth: number;
  mini: boolean;
  colors: Colors;
  onNavigate?: () => void;
  onExpand: () => void;
}) {
  return (
    <List disablePadding dense={props.depth > 0}>
      {props.nodes.map((node) => (
        <MenuItem key={node.id} node={node} {...props} />
      ))}
    </List>
  );
}

function MenuItem({
  node,
  depth,
  mini,
  colors,
  onNavigate,
  onExpand,
}: {
  node: MenuNode;
  depth: number;
  mini: boolean;
  colors: Colors;
  onNavigate?: () => void;
  onExpand: () => void;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { pathname } = useLocation();
  // a construction the user chose in the top bar stays chosen from one screen to the next
  const [params] = useSearchParams();
  const chosen = params.get('constructionId');
  const hasChildren = node.children.length > 0;
  const inTrail = hasChildren && activeTrail(node.children, pathname).length > 0;
  const [open, setOpen] = useState(inTrail);
  // an area opens when the user arrives in it later (its root's redirect, a link from another area)
  useEffect(() => {
    if (inTrail) setOpen(true);
  }, [inTrail]);
  const active = hasChildren ? mini && inTrail : isActiveEntry(node.path, pathname);
  const title = menuTitle(node, i18n.language);
  const Icon = useMenuIcons()?.menuIcon(node.icon, node.name);
  const newBadge = node.is_new || node.children.some((c) => c.is_new);

  const icon = (
    <Badge color="error" variant="dot" invisible={!newBadge || !mini}>
      {Icon ? (
        <Icon fontSize="small" />
      ) : (
        <Box component="span" sx={{ display: 'block', width: 20, height: 20 }} />
      )}
    </Badge>
  );
  const itemSx = {
    minHeight: 44,
    mx: 1,
    my: 0.25,
    borderRadius: 1.5,
    pl: mini ? 1.5 : 1.5 + depth * 2,
    color: colors.fg,
    '& .MuiListItemIcon-root': { color: active ? colors.active : colors.muted, minWidth: 36 },
    '&.Mui-selected': {
      bgcolor: alpha(theme.palette.primary.main, 0.16),
      color: colors.active,
      fontWeight: 600,
      '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.24) },
    },
    '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.08) },
  } as const;
  // a mini drawer's entry is its icon: the hint names it
  const named = mini ? hint(title, { placement: 'right' }) : {};
  const text = !mini && (
    <ListItemText
      primary={title}
      slotProps={{
        primary: { noWrap: true, sx: { fontSize: depth > 0 ? 14 : 15, fontWeight: active ? 600 : 500 } },
      }}
    />
  );
  const badge = !mini && node.is_new && (
    <Chip label={t('common.new')} color="error" size="small" sx={{ height: 20, fontSize: 11, ml: 1 }} />
  );

  if (hasChildren) {
    const button = (
      <ListItemButton
        selected={active}
        aria-expanded={mini ? undefined : open}
        onClick={() => {
          if (mini) {
            onExpand();
            setOpen(true);
          } else setOpen((v) => !v);
        }}
        sx={itemSx}
        {...named}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        {text}
        {badge}
        {!mini && (open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
      </ListItemButton>
    );
    return (
      <li>
        {button}
        {!mini && (
          <Collapse in={open} timeout="auto" unmountOnExit>
            <MenuList
              nodes={node.children}
              depth={depth + 1}
              mini={mini}
              colors={colors}
              onNavigate={onNavigate}
              onExpand={onExpand}
            />
          </Collapse>
        )}
      </li>
    );
  }

  const link = (
    <ListItemButton
      component={RouterLink}
      to={{
        pathname: node.path || node.redirect_url || '/',
        search: chosen ? `?constructionId=${encodeURIComponent(chosen)}` : '',
      }}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      data-menu={node.name}
      sx={itemSx}
      {...named}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      {text}
      {badge}
    </ListItemButton>
  );
  return <li>{link}</li>;
}
