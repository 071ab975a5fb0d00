/**
 * The navigation drawer's tree, built from the flat menu list of /api/account/menu/list:
 * children under their parent_id, ordered by sort_order, hidden entries (and their subtrees) left out.
 */
import type { MenuEntry } from '@sitepay/domain/auth.schema';

export type MenuNode = MenuEntry & { children: MenuNode[] };

export function buildMenuTree(entries: readonly MenuEntry[]): MenuNode[] {
  const visible = entries.filter((entry) => !entry.hidden);
  const nodes = new Map<number, MenuNode>();
  for (const entry of visible) nodes.set(entry.id, { ...entry, children: [] });
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id == null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    // A child of a hidden parent stays hidden; a true root (or an orphan of a missing parent) shows.
    else if (node.parent_id == null || !entries.some((e) => e.id === node.parent_id)) roots.push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.id - b.id);
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

/** The directory of a screen's route: /management/company/update/3 → /management/company. */
export function routeSection(path: string): string {
  const match = /^(.*?)\/(list|create|update|view|configure)(\/.*)?$/.exec(path);
  return match?.[1] || path.replace(/\/+$/, '');
}

/** Whether a menu entry is the one for the current location (same section). */
export function isActiveEntry(entryPath: string, pathname: string): boolean {
  if (!entryPath) return false;
  return routeSection(entryPath) === routeSection(pathname);
}

/** The chain of entries from a root to the active one, for breadcrumbs and open groups. */
export function activeTrail(tree: readonly MenuNode[], pathname: string): MenuNode[] {
  for (const node of tree) {
    if (node.children.length === 0 && isActiveEntry(node.path, pathname)) return [node];
    const below = activeTrail(node.children, pathname);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** The leaves of the tree, for quick links. */
export function menuLeaves(tree: readonly MenuNode[]): MenuNode[] {
  return tree.flatMap((node) => (node.children.length ? menuLeaves(node.children) : [node]));
}
