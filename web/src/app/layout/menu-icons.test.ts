import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { menuIcon } from './menu-icons.tsx';

type SeedMenu = { name: string; icon: string | null; hidden?: boolean };

// the server's shipped menu (read at run time: the web does not build the server's files)
const seedFile = path.resolve(import.meta.dirname, '../../../../server/src/db/seed/menus.ts');
const { seedMenus } = (await import(/* @vite-ignore */ seedFile)) as { seedMenus: SeedMenu[] };

describe('menu icons', () => {
  test('every entry of the shipped drawer has an icon of its own', () => {
    const shown = seedMenus.filter((m) => !m.hidden);
    expect(shown.length).toBeGreaterThan(30);
    const byIcon = new Map<unknown, string[]>();
    for (const m of shown)
      byIcon.set(menuIcon(m.icon, m.name), [...(byIcon.get(menuIcon(m.icon, m.name)) ?? []), m.name]);
    expect([...byIcon.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  test('an entry an administrator adds is drawn by its icon name, else a plain circle', () => {
    expect(menuIcon('mdi-account-balance', 'my-banks')).toBe(menuIcon(null, 'bank'));
    expect(menuIcon('receipt_long', 'my-history')).toBe(menuIcon(null, 'history-payment'));
    expect(menuIcon('no-such-icon', 'mine')).toBe(menuIcon(null, 'nothing-known'));
  });
});
