/**
 * Generic HTTP routes for an ordinary record kind: describe the entity once (a RecordKind plus its
 * zod schemas, base path and menus) and this registers paging, list/all, get, create, update,
 * active, deactivate, delete and history with the API conventions (docs/product.md#api-conventions) and
 * OpenAPI schemas. Paths default to the companies' spelling in docs/product.md#api-paths; an entity whose
 * paths differ overrides them.
 */
import {
  idParamsSchema,
  pageSchema,
  pagingQuerySchema,
  versionBodySchema,
} from '@sitepay/domain/common.schema';
import { commonPaths } from '@sitepay/domain/entity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { type CurrentUser, currentUser } from './auth.ts';
import { recordHistoryOf, withPeopleNames } from './record-history.ts';
import type { Row, UniqueRule } from './record-kind.ts';
import { listRecords } from './record-reads.ts';
import {
  createRecord,
  findRecord,
  listAllRecords,
  type RecordKind,
  setRecordStatus,
  toRecord,
  updateRecord,
} from './records.ts';

type Operation =
  | 'paging'
  | 'all'
  | 'get'
  | 'create'
  | 'update'
  | 'active'
  | 'deactivate'
  | 'delete'
  | 'history';

export type ResourceDescription = {
  kind: RecordKind;
  basePath: string;
  tag: string;
  record: z.ZodObject;
  input: z.ZodObject;
  update: z.ZodObject;
  /** Extra list query fields (e.g. constructionId is already common). */
  listQuery?: z.ZodObject;
  /** Menus whose screens read records, create them, and change them (update, status, delete). */
  menus: { read: string[]; create: string[]; update: string[] };
  /** A create served by the module's own route (a generated password, keys): for the route table. */
  ownCreate?: string;
  /** Path overrides, e.g. { all: 'list/all', paging: 'list/paging' }; false leaves the route out. */
  paths?: Partial<Record<Operation, string | false>>;
  /**
   * Adds to the records answered what depends on the caller (figures over the rows of his scope),
   * after the read or the write: one call per answer, with every record of it.
   */
  decorate?: (db: Db, records: Row[], user: CurrentUser) => Promise<void>;
};

const defaultPaths: Record<Operation, string> = commonPaths;

const historySchema = z.array(
  z.object({
    id: z.number(),
    action: z.string(),
    changes: z.record(
      z.string(),
      z.object({
        old: z.unknown(),
        new: z.unknown(),
        /** A reference's display name (the construction's name for construction_id…). */
        old_label: z.string().nullable().optional(),
        new_label: z.string().nullable().optional(),
      }),
    ),
    user_name: z.string().nullable(),
    /** Who made the change, as people call him (docs/adr/0072-words-and-codes-in-the-readers-language.md). */
    user_full_name: z.string().nullable().optional(),
    at: z.string(),
  }),
);

export type RecordRouteInfo = {
  kind: string;
  paging: string | null;
  create: string | null;
  update: string | null;
  get: string | null;
  unique: UniqueRule[];
};

export function registerResource(app: FastifyInstance, d: ResourceDescription) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = (op: Operation) => {
    const p = d.paths?.[op] ?? defaultPaths[op];
    return p === false ? null : p === '' ? d.basePath : `${d.basePath}/${p}`;
  };
  const decorated = async <T extends Row | Row[]>(records: T, user: CurrentUser): Promise<T> => {
    if (d.decorate) await d.decorate(app.db, (Array.isArray(records) ? records : [records]) as Row[], user);
    return records;
  };
  const read = { menus: d.menus.read };
  const create = { menus: d.menus.create };
  const write = { menus: d.menus.update };
  const tags = [d.tag];
  const listQuery = d.listQuery ? pagingQuerySchema.extend(d.listQuery.shape) : pagingQuerySchema;

  const p = {
    paging: path('paging'),
    all: path('all'),
    get: path('get'),
    create: path('create'),
    update: path('update'),
    active: path('active'),
    deactivate: path('deactivate'),
    delete: path('delete'),
    history: path('history'),
  };

  app.recordRoutes.push({
    kind: d.kind.name,
    paging: p.paging,
    create: p.create ?? d.ownCreate ?? null,
    update: p.update,
    get: p.get,
    unique: d.kind.unique ?? [],
  });

  if (p.paging)
    r.get(
      p.paging,
      { config: read, schema: { tags, querystring: listQuery, response: { 200: pageSchema(d.record) } } },
      // no transaction: a list's statements each see their own snapshot either way, and run at once
      async (req) => {
        const page = await listRecords(app.db, d.kind, req.query as never, currentUser(req));
        await decorated(page.items, currentUser(req));
        return page;
      },
    );
  if (p.all)
    r.get(p.all, { config: read, schema: { tags, response: { 200: z.array(d.record) } } }, async (req) =>
      decorated(await listAllRecords(app.db, d.kind, currentUser(req)), currentUser(req)),
    );
  if (p.get)
    r.get(
      p.get,
      { config: read, schema: { tags, params: idParamsSchema, response: { 200: d.record } } },
      async (req) =>
        decorated(
          await withPeopleNames(
            app.db,
            toRecord(await findRecord(app.db, d.kind, req.params.id, currentUser(req))),
          ),
          currentUser(req),
        ),
    );
  if (p.history)
    r.get(
      p.history,
      { config: read, schema: { tags, params: idParamsSchema, response: { 200: historySchema } } },
      async (req) => {
        await findRecord(app.db, d.kind, req.params.id, currentUser(req));
        return recordHistoryOf(app.db, d.kind.name, req.params.id, 200, d.kind);
      },
    );
  if (p.create)
    r.post(
      p.create,
      { config: create, schema: { tags, body: d.input, response: { 200: d.record } } },
      async (req) =>
        decorated(
          await app.db.transaction((tx) => createRecord(tx, d.kind, req.body as Row, currentUser(req))),
          currentUser(req),
        ),
    );
  if (p.update)
    r.put(
      p.update,
      {
        config: write,
        schema: { tags, params: idParamsSchema, body: d.update, response: { 200: d.record } },
      },
      async (req) => {
        const { version, ...changes } = req.body as Row;
        const row = await app.db.transaction((tx) =>
          updateRecord(tx, d.kind, req.params.id, version, changes as Row, currentUser(req)),
        );
        return decorated(row, currentUser(req));
      },
    );
  const statusRoute = (url: string | null, method: 'patch' | 'delete', status: 'O' | 'C' | 'D') => {
    if (!url) return;
    r[method](
      url,
      {
        config: write,
        schema: { tags, params: idParamsSchema, body: versionBodySchema, response: { 200: d.record } },
      },
      async (req) =>
        decorated(
          await app.db.transaction((tx) =>
            setRecordStatus(tx, d.kind, req.params.id, req.body.version, status, currentUser(req)),
          ),
          currentUser(req),
        ),
    );
  };
  statusRoute(p.active, 'patch', 'O');
  statusRoute(p.deactivate, 'patch', 'C');
  statusRoute(p.delete, 'delete', 'D');
}
