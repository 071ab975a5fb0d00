/**
 * Links between access-control records kept in a join table (a role's menus, a role's privileges,
 * a group's roles): `GET <name>/{id}` lists the linked records, `GET not-<name>/{id}` the active
 * ones that can still be linked, `PATCH <name>/{id} {ids}` links, `DELETE <name>/{id} {ids}`
 * unlinks. Each change bumps the parent's version and writes its history; `guard` wraps changes
 * that may touch administrators.
 */

import { linkIdsSchema } from '@sitepay/domain/admin.schema';
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import { findRecord, type RecordKind } from '../../http/records.ts';

type ChildTable = PgTable & { id: PgColumn; status: PgColumn };

export type LinkDescription = {
  /** e.g. /api/admin/role */
  base: string;
  /** e.g. menus → GET /api/admin/role/menus/{id}, not-menus/{id} */
  name: string;
  tag: string;
  parent: RecordKind;
  join: PgTable;
  parentColumn: PgColumn;
  childColumn: PgColumn;
  child: ChildTable;
  /** The child's columns answered, and its order. */
  columns: Record<string, PgColumn>;
  order: PgColumn[];
  /** How a linked child is named in the parent's history. */
  label: PgColumn;
  menus: { read: string[]; update: string[] };
  guard?: <T>(tx: Tx, actor: CurrentUser, change: () => Promise<T>) => Promise<T>;
};

export function registerLinks(app: FastifyInstance, d: LinkDescription) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [d.tag];
  const childOut = z.object(Object.fromEntries(Object.keys(d.columns).map((k) => [k, z.unknown()])));
  const linkedIds = (parentId: number) =>
    app.db.select({ id: d.childColumn }).from(d.join).where(eq(d.parentColumn, parentId));

  r.get(
    `${d.base}/${d.name}/:id`,
    {
      config: { menus: d.menus.read },
      schema: { tags, params: idParamsSchema, response: { 200: z.array(childOut) } },
    },
    async (req) => {
      await findRecord(app.db, d.parent, req.params.id, currentUser(req));
      return app.db
        .select(d.columns)
        .from(d.child)
        .where(and(inArray(d.child.id, linkedIds(req.params.id)), ne(d.child.status, 'D')))
        .orderBy(...d.order.map((c) => asc(c)));
    },
  );
  r.get(
    `${d.base}/not-${d.name}/:id`,
    {
      config: { menus: d.menus.update },
      schema: { tags, params: idParamsSchema, response: { 200: z.array(childOut) } },
    },
    async (req) => {
      await findRecord(app.db, d.parent, req.params.id, currentUser(req));
      return app.db
        .select(d.columns)
        .from(d.child)
        .where(and(notInArray(d.child.id, linkedIds(req.params.id)), eq(d.child.status, 'O')))
        .orderBy(...d.order.map((c) => asc(c)));
    },
  );

  for (const adding of [true, false]) {
    r.route({
      method: adding ? 'PATCH' : 'DELETE',
      url: `${d.base}/${d.name}/:id`,
      config: { menus: d.menus.update },
      schema: {
        tags,
        params: idParamsSchema,
        body: linkIdsSchema,
        response: { 200: z.object({ changed: z.number() }) },
      },
      handler: async (req) => {
        const actor = currentUser(req);
        const { id } = req.params as { id: number };
        const { ids } = req.body as { ids: number[] };
        return app.db.transaction(async (tx) => {
          const run = async () => {
            const parent = await findRecord(tx, d.parent, id, actor, true);
            const children = await tx
              .select({ id: d.child.id, label: d.label })
              .from(d.child)
              .where(
                and(inArray(d.child.id, ids), adding ? eq(d.child.status, 'O') : ne(d.child.status, 'D')),
              );
            if (children.length !== new Set(ids).size) throw notFound(d.name);
            const childIds = children.map((c) => c.id);
            const changed = adding
              ? await tx
                  .insert(d.join)
                  .values(
                    childIds.map((c) => ({ [d.parentColumn.name]: parent.id, [d.childColumn.name]: c })),
                  )
                  .onConflictDoNothing()
                  .returning()
              : await tx
                  .delete(d.join)
                  .where(and(eq(d.parentColumn, parent.id), inArray(d.childColumn, childIds)))
                  .returning();
            if (changed.length) {
              const t = d.parent.table;
              await tx
                .update(t)
                .set({
                  version: sql`${t.version} + 1`,
                  updated_at: new Date(),
                  updated_by: actor.user_name,
                } as never)
                .where(eq(t.id, parent.id));
              const changedIds = new Set(
                changed.map((row) => (row as Record<string, number>)[d.childColumn.name]),
              );
              const labels = children
                .filter((c) => changedIds.has(c.id as number))
                .map((c) => String(c.label));
              await writeHistory(
                tx,
                d.parent,
                parent.id,
                adding ? `add-${d.name}` : `remove-${d.name}`,
                {
                  [d.name]: adding
                    ? { old: null, new: labels.join(', ') }
                    : { old: labels.join(', '), new: null },
                },
                actor,
              );
            }
            return { changed: changed.length };
          };
          return d.guard ? d.guard(tx, actor, run) : run();
        });
      },
    });
  }
}
