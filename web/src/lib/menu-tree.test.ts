import type { MenuEntry } from '@sitepay/domain/auth.schema';
import { describe, expect, test } from 'vitest';
import { activeTrail, buildMenuTree, isActiveEntry, menuLeaves, routeSection } from './menu-tree.ts';

const entry = (
  id: number,
  parent_id: number | null,
  path: string,
  extra: Partial<MenuEntry> = {},
): MenuEntry => ({
  id,
  parent_id,
  path,
  component: null,
  name: path.split('/').filter(Boolean).join('-') || 'root',
  title: path,
  title_en: path,
  icon: null,
  is_new: false,
  hidden: false,
  redirect_url: null,
  sort_order: id,
  ...extra,
});

const menus = [
  entry(3, null, '/management', { sort_order: 30 }),
  entry(4, 3, '/management/company/list', { sort_order: 40 }),
  entry(5, 4, '/management/company/create', { hidden: true }),
  entry(8, 3, '/management/project/list', { sort_order: 35, is_new: true }),
  entry(1, null, '/about-me', { sort_order: 10 }),
  entry(2, null, '/profile', { hidden: true }),
  entry(9, 2, '/profile/secret'),
];

describe('the drawer tree', () => {
  test('children under their parent, ordered, hidden entries and their subtrees left out', () => {
    const tree = buildMenuTree(menus);
    expect(tree.map((n) => n.path)).toEqual(['/about-me', '/management']);
    expect(tree[1]?.children.map((n) => n.path)).toEqual([
      '/management/project/list',
      '/management/company/list',
    ]);
    expect(tree[1]?.children[1]?.children).toEqual([]);
    expect(menuLeaves(tree).map((n) => n.id)).toEqual([1, 8, 4]);
  });

  test('the entry of a screen stays active on its create, update and view pages', () => {
    expect(routeSection('/management/company/update/12')).toBe('/management/company');
    expect(isActiveEntry('/management/company/list', '/management/company/view/3')).toBe(true);
    expect(isActiveEntry('/management/company/list', '/management/project/list')).toBe(false);
    const trail = activeTrail(buildMenuTree(menus), '/management/company/create');
    expect(trail.map((n) => n.id)).toEqual([3, 4]);
  });
});
