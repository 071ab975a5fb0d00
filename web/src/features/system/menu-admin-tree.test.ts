import { describe, expect, test } from 'vitest';
import { menuRows, parentIds, type TreeEntry, topLevelParents } from './menu-admin-tree.ts';

const entry = (
  id: number,
  parent_id: number | null,
  sort_order: number,
  name: string,
  title: string,
  path = `/${name}`,
): TreeEntry => ({ id, parent_id, sort_order, name, title, title_en: name, path });

// given in no particular order, as an API might
const entries: TreeEntry[] = [
  entry(12, 10, 2, 'project', 'Dự án', '/management/project/list'),
  entry(1, null, 0, 'about-me', 'Trang chủ'),
  entry(10, null, 1, 'management', 'Quản lý'),
  entry(11, 10, 1, 'company', 'Công ty', '/management/company/list'),
  entry(111, 11, 0, 'company-create', 'Thêm công ty', '/management/company/create'),
  entry(20, null, 2, 'system', 'Hệ thống'),
  entry(21, 20, 0, 'menu', 'Menu', '/system/menu/list'),
  entry(99, 404, 5, 'orphan', 'Mồ côi'),
];

const names = (rows: { entry: TreeEntry; depth: number }[]) =>
  rows.map((r) => `${'-'.repeat(r.depth)}${r.entry.name}`);

describe('the menu tree of the administration screen', () => {
  test('roots in sort order; children only under an opened entry; an orphan is a root', () => {
    expect(names(menuRows(entries, new Set()))).toEqual(['about-me', 'management', 'system', 'orphan']);
    expect(names(menuRows(entries, new Set([10, 11])))).toEqual([
      'about-me',
      'management',
      '-company',
      '--company-create',
      '-project',
      'system',
      'orphan',
    ]);
  });

  test('the first of its siblings cannot move up, the last cannot move down', () => {
    const rows = menuRows(entries, new Set([10]));
    const of = (name: string) => rows.find((r) => r.entry.name === name)!;
    expect([of('company').canUp, of('company').canDown]).toEqual([false, true]);
    expect([of('project').canUp, of('project').canDown]).toEqual([true, false]);
    expect([of('about-me').canUp, of('management').canUp, of('management').canDown]).toEqual([
      false,
      true,
      true,
    ]);
    expect(of('management').childCount).toBe(2);
  });

  test('a search without diacritics keeps each match and the path to it, opened', () => {
    expect(names(menuRows(entries, new Set(), 'cong ty'))).toEqual([
      'management',
      '-company',
      '--company-create',
    ]);
    expect(names(menuRows(entries, new Set(), '/system/menu'))).toEqual(['system', '-menu']);
    expect(menuRows(entries, new Set(), 'nothing like this')).toEqual([]);
  });

  test('"open all" opens every entry holding others; the first view opens the areas', () => {
    expect([...parentIds(entries)].sort((a, b) => a - b)).toEqual([10, 11, 20, 404]);
    expect([...topLevelParents(entries)].sort((a, b) => a - b)).toEqual([10, 20]);
  });
});
