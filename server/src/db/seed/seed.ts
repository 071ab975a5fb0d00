/**
 * Seeding at start-up. Idempotent: menus and endpoints missing from the database are added (an
 * admin's later edits are kept), built-in roles get the menus added with them, and the first
 * start creates the admin user (password from ADMIN_PASSWORD, or generated and returned so that
 * main.ts prints it once). SEED_DEMO adds the demo set of demo.ts on a database without companies.
 */
import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { WEB_APPLICATION_ID } from '@sitepay/domain/auth.schema';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { checkUncheckedHolders } from '../../modules/constructor/constructor.resources.ts';
import { seedGenericTemplate } from '../../modules/payment/bank-file-template.service.ts';
import { checkUncheckedRequestHolders } from '../../modules/payment/payment-payee.service.ts';
import type { Db, Tx } from '../client.ts';
import {
  application,
  appUser,
  endpoint,
  menu,
  menuEndpoint,
  recordHistory,
  role,
  roleMenu,
  userRole,
} from '../schema.ts';
import { seedDemo } from './demo.ts';
import { seedMenus, seedRoles, shownSince } from './menus.ts';
import { seedSettings } from './settings.ts';

export type RouteInfo = { method: string; path: string; menus: string[] };

export type SeedResult = { generatedAdminPassword: string | null; demo: boolean };

export async function seed(
  db: Db,
  opts: { adminPassword: string | null; demo: boolean; routes: RouteInfo[] },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // One seeder at a time when several servers start on one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const menuIds = await syncMenus(tx);
    await showBuiltScreens(tx);
    await syncRoles(tx, menuIds);
    await syncEndpoints(tx, opts.routes, menuIds);
    await seedSettings(tx);
    // the generic bank file template, the default (docs/adr/0096-payment-batches-and-bank-files.md)
    await seedGenericTemplate(tx);
    await ensureWebApplication(tx);
    const generatedAdminPassword = await ensureAdmin(tx, opts.adminPassword);
    const demo = opts.demo ? await seedDemo(tx) : false;
    // rows written before holders were checked against their contractor's name (migration 0015)
    await checkUncheckedHolders(tx);
    await checkUncheckedRequestHolders(tx);
    return { generatedAdminPassword, demo };
  });
}

async function syncMenus(tx: Tx): Promise<Map<string, number>> {
  const existing = await tx.select({ id: menu.id, name: menu.name }).from(menu);
  const ids = new Map(existing.map((m) => [m.name, m.id]));
  let order = 0;
  for (const m of seedMenus) {
    order += 10;
    if (ids.has(m.name)) continue;
    const [row] = await tx
      .insert(menu)
      .values({
        name: m.name,
        path: m.path,
        title: m.title,
        title_en: m.title_en,
        icon: m.icon,
        parent_id: m.parent ? (ids.get(m.parent) ?? null) : null,
        hidden: m.hidden ?? false,
        component: m.component ?? null,
        redirect_url: m.redirect_url ?? null,
        sort_order: order,
        search_text: `${m.name} ${m.title_en}`.toLowerCase(),
        created_by: 'system',
      })
      .returning({ id: menu.id });
    ids.set(m.name, row!.id);
  }
  return ids;
}

/**
 * Shows the menus of `shownSince` a database still has hidden from an earlier seed — not those whose
 * `hidden` flag an administrator changed (a `hidden` change in the menu's history): his choice stays.
 */
async function showBuiltScreens(tx: Tx) {
  if (!shownSince.length) return;
  await tx.execute(sql`
    update ${menu} set hidden = false, version = ${menu.version} + 1, updated_at = now(), updated_by = 'system'
    where ${menu.hidden} and ${menu.status} <> 'D' and ${inArray(menu.name, [...shownSince])}
      and not exists (
        select 1 from ${recordHistory} h
        where h.entity = 'menu' and h.record_id = ${menu.id} and (h.changes -> 'hidden') is not null
      )`);
}

async function syncRoles(tx: Tx, menuIds: Map<string, number>) {
  for (const r of seedRoles) {
    let [row] = await tx.select({ id: role.id }).from(role).where(eq(role.code, r.code));
    const isNew = !row;
    if (!row) {
      [row] = await tx
        .insert(role)
        .values({
          code: r.code,
          name: r.name,
          priority: r.priority,
          search_text: r.code.toLowerCase(),
          created_by: 'system',
        })
        .returning({ id: role.id });
    }
    const linked = new Set(
      (await tx.select({ m: roleMenu.menu_id }).from(roleMenu).where(eq(roleMenu.role_id, row!.id))).map(
        (x) => x.m,
      ),
    );
    // Existing roles only gain menus that did not exist before this start (new screens).
    const known = isNew ? new Set<number>() : await menusOlderThanThisStart(tx);
    const values = r.menus
      .map((name) => menuIds.get(name))
      .filter((id): id is number => id !== undefined && !linked.has(id) && !known.has(id))
      .map((menu_id) => ({ role_id: row!.id, menu_id }));
    if (values.length) await tx.insert(roleMenu).values(values).onConflictDoNothing();
  }
}

/** Menus created before this transaction began: an admin may have unlinked them on purpose. */
async function menusOlderThanThisStart(tx: Tx): Promise<Set<number>> {
  const rows = await tx.select({ id: menu.id }).from(menu).where(sql`${menu.created_at} < now()`);
  return new Set(rows.map((r) => r.id));
}

async function syncEndpoints(tx: Tx, routes: RouteInfo[], menuIds: Map<string, number>) {
  const existing = new Set(
    (await tx.select({ method: endpoint.method, path: endpoint.path }).from(endpoint)).map(
      (e) => `${e.method} ${e.path}`,
    ),
  );
  const missing = new Map<string, RouteInfo>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (!existing.has(key) && !missing.has(key)) missing.set(key, route);
  }
  if (!missing.size) return;
  // one insert for all new endpoints, one for their menu links: a first start adds ~200 at once
  const inserted = await tx
    .insert(endpoint)
    .values(
      [...missing.values()].map((route) => ({
        method: route.method,
        path: route.path,
        endpoint_type: 'api',
        description: route.menus.join(', ') || null,
        search_text: `${route.method} ${route.path}`.toLowerCase(),
        created_by: 'system',
      })),
    )
    .returning({ id: endpoint.id, method: endpoint.method, path: endpoint.path });
  const links = inserted.flatMap((row) =>
    (missing.get(`${row.method} ${row.path}`)?.menus ?? [])
      .map((name) => menuIds.get(name))
      .filter((id): id is number => id !== undefined)
      .map((menu_id) => ({ menu_id, endpoint_id: row.id })),
  );
  if (links.length) await tx.insert(menuEndpoint).values(links).onConflictDoNothing();
}

/**
 * The web app's own application (its client id is the `ApplicationId` every page sends): added to
 * a database that has none, active again if found inactive — without it nobody could sign in. Its
 * keys are random and unknown; an administrator rotates them if a use for them comes.
 */
async function ensureWebApplication(tx: Tx) {
  const [existing] = await tx
    .select({ id: application.id, status: application.status })
    .from(application)
    .where(and(eq(application.client_id, WEB_APPLICATION_ID), ne(application.status, 'D')));
  if (existing) {
    if (existing.status !== 'O')
      await tx
        .update(application)
        .set({ status: 'O', updated_at: new Date(), updated_by: 'system' })
        .where(eq(application.id, existing.id));
    return;
  }
  const randomHash = () => crypto.createHash('sha256').update(crypto.randomBytes(32)).digest('hex');
  await tx.insert(application).values({
    code: 'SITEPAY_WEB',
    name: 'SitePay web',
    client_id: WEB_APPLICATION_ID,
    secret_hash: randomHash(),
    api_key_hash: randomHash(),
    search_text: `sitepay_web sitepay web ${WEB_APPLICATION_ID}`,
    created_by: 'system',
  });
}

async function ensureAdmin(tx: Tx, adminPassword: string | null): Promise<string | null> {
  const [any] = await tx.select({ id: appUser.id }).from(appUser).limit(1);
  if (any) return null;
  const password = adminPassword ?? crypto.randomBytes(9).toString('base64url');
  const [admin] = await tx
    .insert(appUser)
    .values({
      user_name: 'admin',
      password_hash: await hash(password),
      full_name: 'Quản trị hệ thống',
      search_text: 'admin quan tri he thong',
      // a generated (printed) password is for one sign-in, as one an administrator sets
      // (docs/adr/0008-passwords-as-a-bank-keeps-them.md); ADMIN_PASSWORD is the operator's own
      must_change_password: adminPassword === null,
      created_by: 'system',
    })
    .returning({ id: appUser.id });
  const [adminRole] = await tx.select({ id: role.id }).from(role).where(eq(role.code, 'ROLE_ADMIN'));
  await tx.insert(userRole).values({ user_id: admin!.id, role_id: adminRole!.id });
  return adminPassword ? null : password;
}

/**
 * POST /api/admin/migrate/menu/merge: the shipped menu tree merged into the database. Menus and
 * endpoints missing from it are added, a menu added now gets the endpoints its screens call; what
 * is there is left as the administrators made it (titles, order, links they removed).
 */
export async function mergeShippedMenus(tx: Tx, routes: RouteInfo[]) {
  await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
  const before = new Set((await tx.select({ name: menu.name }).from(menu)).map((m) => m.name));
  const menuIds = await syncMenus(tx);
  const added = [...menuIds.keys()].filter((name) => !before.has(name));
  const endpointCount = async () =>
    (await tx.select({ n: sql<number>`count(*)::int` }).from(endpoint))[0]?.n ?? 0;
  const endpointsBefore = await endpointCount();
  await syncEndpoints(tx, routes, menuIds);
  const endpoints_added = (await endpointCount()) - endpointsBefore;
  // a menu added now: link every endpoint its screens call, existing ones too
  const addedIds = new Map(added.map((name) => [name, menuIds.get(name)!]));
  const all = await tx
    .select({ id: endpoint.id, method: endpoint.method, path: endpoint.path })
    .from(endpoint);
  const byKey = new Map(all.map((e) => [`${e.method} ${e.path}`, e.id]));
  const links = routes.flatMap((route) =>
    route.menus
      .filter((name) => addedIds.has(name))
      .map((name) => ({
        menu_id: addedIds.get(name)!,
        endpoint_id: byKey.get(`${route.method} ${route.path}`)!,
      }))
      .filter((l) => l.endpoint_id !== undefined),
  );
  const linked = links.length
    ? await tx.insert(menuEndpoint).values(links).onConflictDoNothing().returning()
    : [];
  return { added, endpoints_added, endpoints_linked: linked.length };
}
