/**
 * Applications (docs/product.md#applications): the clients that sign users in through SitePay. The server
 * makes their secret key and API key (32 random bytes each), answers them once — on create and on a rotation
 * — and keeps only their SHA-256 (random keys need no slow hash). `PUT active/{id}` and `PUT deactive/{id}`
 * are SPEC's spellings. Deactivating or deleting an application ends the sessions opened with it; the web
 * app's own application (client id `sitepay-web`, seeded) keeps its client id and cannot be deactivated or
 * deleted — nobody could sign in to undo it.
 */
import crypto from 'node:crypto';
import {
  applicationInputSchema,
  applicationSchema,
  applicationUpdateSchema,
  applicationWithKeysSchema,
} from '@sitepay/domain/admin.schema';
import { WEB_APPLICATION_ID } from '@sitepay/domain/auth.schema';
import { idParamsSchema, versionBodySchema } from '@sitepay/domain/common.schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { application, project, role, session } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { staleVersion, unprocessable } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import type { Row } from '../../http/record-kind.ts';
import {
  createRecord,
  findRecord,
  outer,
  type RecordKind,
  setRecordStatus,
  toRecord,
} from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';

const a = application;
export const applicationKind: RecordKind = {
  name: 'application',
  table: a,
  searchFields: ['code', 'name', 'client_id', 'url'],
  sortable: {
    code: a.code,
    name: a.name,
    environment: a.environment,
    created_at: a.created_at,
    status: a.status,
  },
  defaultSort: { by: 'code', desc: false },
  unique: [
    { field: 'code', columns: ['code'], constraint: 'application_code_uq' },
    { field: 'client_id', columns: ['client_id'], constraint: 'application_client_id_uq' },
  ],
  references: [
    { field: 'role_default_id', table: role as never, activeOnly: true },
    { field: 'project_id', table: project as never },
  ],
  extraColumns: {
    role_default_name: sql<
      string | null
    >`(select x.name from ${role} x where x.id = ${outer(a.role_default_id)})`,
    project_name: sql<string | null>`(select x.name from ${project} x where x.id = ${outer(a.project_id)})`,
  },
  beforeStatus(_tx, existing, status) {
    if (existing.client_id === WEB_APPLICATION_ID && status !== 'O')
      throw unprocessable(
        `${WEB_APPLICATION_ID} is the web app's own application: it cannot be deactivated or deleted`,
        'web_application_fixed',
      );
  },
  async afterStatus(tx, row, status) {
    // its sessions end with it, and stay ended if it is activated again
    if (status !== 'O')
      await tx
        .update(session)
        .set({ revoked_at: new Date() })
        .where(and(eq(session.application_id, row.id as number), isNull(session.revoked_at)));
  },
  beforeWrite(_tx, values, existing) {
    if (
      existing?.client_id === WEB_APPLICATION_ID &&
      values.client_id !== undefined &&
      values.client_id !== null &&
      values.client_id !== WEB_APPLICATION_ID
    )
      throw unprocessable(
        `${WEB_APPLICATION_ID} is the web app's own application: its client id cannot change`,
        'web_application_fixed',
      );
    // a blank client id keeps the stored one (update) or gets a generated one (create)
    if (values.client_id === null || values.client_id === undefined) {
      if (existing) delete values.client_id;
      else values.client_id = `sp-${crypto.randomBytes(9).toString('base64url')}`;
    }
  },
};

const newKey = (prefix: string) => `${prefix}_${crypto.randomBytes(32).toString('base64url')}`;
export const keyHash = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

function newKeys() {
  const secret_key = newKey('sps');
  const api_key = newKey('spk');
  return { secret_key, api_key, secret_hash: keyHash(secret_key), api_key_hash: keyHash(api_key) };
}

/** The new keys as answered once: the API's names and SPEC's (`secretKey`, `apiKey`). */
const keysAnswer = (secret_key: string, api_key: string) => ({
  secret_key,
  api_key,
  secretKey: secret_key,
  apiKey: api_key,
});

export function registerApplicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const menus = {
    read: ['application', 'application-view'],
    create: ['application-create'],
    update: ['application-update'],
  };
  const tags = ['application'];
  registerResource(app, {
    kind: applicationKind,
    basePath: '/api/admin/application',
    tag: 'application',
    record: applicationSchema,
    input: applicationInputSchema,
    update: applicationUpdateSchema,
    menus,
    paths: { paging: 'list/paging', create: false, active: false, deactivate: false },
    ownCreate: '/api/admin/application/create',
  });

  r.post(
    '/api/admin/application/create',
    {
      config: { menus: menus.create },
      schema: { tags, body: applicationInputSchema, response: { 200: applicationWithKeysSchema } },
    },
    async (req) => {
      const { secret_key, api_key, secret_hash, api_key_hash } = newKeys();
      // the hashes are not in the input schema, so no update can set them; create sets them here
      const created = await app.db.transaction((tx) =>
        createRecord(
          tx,
          applicationKind,
          { ...req.body, secret_hash, api_key_hash } as unknown as Row,
          currentUser(req),
        ),
      );
      return { ...created, ...keysAnswer(secret_key, api_key) } as never;
    },
  );

  r.post(
    '/api/admin/application/rotate/:id',
    {
      config: { menus: menus.update },
      schema: {
        tags,
        params: idParamsSchema,
        body: versionBodySchema,
        response: { 200: applicationWithKeysSchema },
      },
    },
    async (req) => {
      const actor = currentUser(req);
      const { secret_key, api_key, secret_hash, api_key_hash } = newKeys();
      const row = await app.db.transaction(async (tx) => {
        const existing = await findRecord(tx, applicationKind, req.params.id, actor, true);
        if (existing.version !== req.body.version) throw staleVersion();
        const [updated] = await tx
          .update(a)
          .set({
            secret_hash,
            api_key_hash,
            version: sql`${a.version} + 1`,
            updated_at: new Date(),
            updated_by: actor.user_name,
          })
          .where(and(eq(a.id, existing.id), eq(a.version, req.body.version)))
          .returning();
        if (!updated) throw staleVersion();
        await writeHistory(
          tx,
          applicationKind,
          existing.id,
          'rotate-keys',
          { keys: { old: '***', new: '***' } },
          actor,
        );
        return toRecord(await findRecord(tx, applicationKind, existing.id, actor));
      });
      return { ...row, ...keysAnswer(secret_key, api_key) } as never;
    },
  );

  for (const [path, status] of [
    ['active', 'O'],
    ['deactive', 'C'],
  ] as const) {
    r.put(
      `/api/admin/application/${path}/:id`,
      {
        config: { menus: menus.update },
        schema: {
          tags,
          params: idParamsSchema,
          body: versionBodySchema,
          response: { 200: applicationSchema },
        },
      },
      (req) =>
        app.db.transaction((tx) =>
          setRecordStatus(tx, applicationKind, req.params.id, req.body.version, status, currentUser(req)),
        ) as never,
    );
  }
}
