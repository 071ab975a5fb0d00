/** What a signed-in user may see of the application: menus, rules, constructions, profile. */
import type { MenuEntry, PermissionRule } from '@sitepay/domain/auth.schema';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { construction, menu, roleMenu } from '../../db/schema.ts';
import { isAdminSql, scopeConstructionIds, userRoleIds } from '../../http/access-sql.ts';

export async function isAdmin(tx: Tx, userId: number): Promise<boolean> {
  const [r] = await queryRows<{ a: boolean }>(tx, sql`select ${isAdminSql(userId)} as a`);
  return Boolean(r?.a);
}

export async function userMenus(tx: Tx, userId: number): Promise<MenuEntry[]> {
  const admin = await isAdmin(tx, userId);
  const rows = await tx
    .select({
      id: menu.id,
      parent_id: menu.parent_id,
      path: menu.path,
      component: menu.component,
      name: menu.name,
      title: menu.title,
      title_en: menu.title_en,
      icon: menu.icon,
      is_new: menu.is_new,
      hidden: menu.hidden,
      redirect_url: menu.redirect_url,
      sort_order: menu.sort_order,
    })
    .from(menu)
    .where(
      and(
        eq(menu.status, 'O'),
        admin
          ? undefined
          : inArray(
              menu.id,
              tx
                .select({ id: roleMenu.menu_id })
                .from(roleMenu)
                .where(sql`${roleMenu.role_id} in (${userRoleIds(userId)})`),
            ),
      ),
    )
    .orderBy(asc(menu.sort_order), asc(menu.id));
  return withAncestors(rows, admin ? rows : await allMenus(tx));
}

async function allMenus(tx: Tx) {
  return tx.select().from(menu).where(eq(menu.status, 'O'));
}

/** A granted child brings its parents along, so the drawer can build the tree. */
function withAncestors<T extends { id: number; parent_id: number | null }>(
  granted: T[],
  all: (T | MenuEntry)[],
): T[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  const result = new Map(granted.map((m) => [m.id, m]));
  for (const m of granted) {
    let parent = m.parent_id ? byId.get(m.parent_id) : undefined;
    while (parent && !result.has(parent.id)) {
      result.set(parent.id, parent as T);
      parent = parent.parent_id ? byId.get(parent.parent_id) : undefined;
    }
  }
  return [...result.values()]
    .map((m) => pickMenu(m as unknown as MenuEntry) as unknown as T)
    .sort(
      (a, b) =>
        (a as unknown as MenuEntry).sort_order - (b as unknown as MenuEntry).sort_order || a.id - b.id,
    );
}

const pickMenu = (m: MenuEntry): MenuEntry => ({
  id: m.id,
  parent_id: m.parent_id,
  path: m.path,
  component: m.component,
  name: m.name,
  title: m.title,
  title_en: m.title_en,
  icon: m.icon,
  is_new: m.is_new,
  hidden: m.hidden,
  redirect_url: m.redirect_url,
  sort_order: m.sort_order,
});

/**
 * CASL rules from the user's menus: a list/view menu `x` grants read on `x`, `x-create` create,
 * `x-update` update and delete. Admins manage all. Everyone may read Login (docs/product.md#access-control).
 */
export function permissionRules(menus: MenuEntry[], admin: boolean): PermissionRule[] {
  if (admin) return [{ action: 'manage', subject: 'all' }];
  const rules: PermissionRule[] = [{ action: 'read', subject: 'Login' }];
  const seen = new Set<string>();
  const add = (action: string, subject: string) => {
    const key = `${action}:${subject}`;
    if (!seen.has(key)) {
      seen.add(key);
      rules.push({ action, subject });
    }
  };
  for (const m of menus) {
    const match = m.name.match(/^(.*)-(create|update|view)$/);
    if (!match) add('read', m.name);
    else if (match[2] === 'view') add('read', match[1]!);
    else if (match[2] === 'create') add('create', match[1]!);
    else {
      add('update', match[1]!);
      add('delete', match[1]!);
    }
  }
  return rules;
}

export async function userConstructions(tx: Tx, userId: number, admin: boolean) {
  return (
    tx
      .select({
        id: construction.id,
        code: construction.code,
        name: construction.name,
        status: construction.status,
        closed: construction.closed,
      })
      .from(construction)
      .where(
        and(
          ne(construction.status, 'D'),
          admin ? undefined : sql`${construction.id} in (${scopeConstructionIds(userId)})`,
        ),
      )
      // by code: a stable order the selector's default ("the first construction") can rely on
      .orderBy(asc(construction.code), asc(construction.id))
      .limit(5000)
  );
}
