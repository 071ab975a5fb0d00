/**
 * E-mail configuration (docs/product.md#e-mail-configuration, docs/api-contract.md "Administration") and the
 * outbox list. The generic record machinery serves paging, get, deactive (SPEC's spelling) and
 * history; what is special is written here:
 * - the SMTP password is write-only: sealed into `password_enc` (mail.secret.ts), answered as
 *   `has_password`; absent or blank on update keeps the stored one, clearing `user` drops it;
 * - one active configuration at a time: the first one created is active, later ones inactive;
 *   activating one deactivates the other in the same transaction, under one advisory lock taken
 *   before any row lock (two activations at once queue up; the partial unique index backs it);
 * - `POST test/{id}` sends a test mail right now and answers 200 `{ok, message}` — `ok: false`
 *   with the SMTP server's error when the delivery fails: the action itself worked.
 * Every route belongs to the `email` menu.
 */
import {
  emailConfigInputSchema,
  emailConfigSchema,
  emailConfigUpdateSchema,
  testMailSchema,
} from '@sitepay/domain/admin.schema';
import { idParamsSchema, pageSchema, versionBodySchema } from '@sitepay/domain/common.schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { appUser, emailConfig } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { fieldError, unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import {
  createRecord,
  findRecord,
  patchRecord,
  type RecordKind,
  setRecordStatus,
  updateRecord,
} from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { mailItemSchema, mailQuerySchema, readOutbox } from './mail.list.ts';
import { sealPassword } from './mail.secret.ts';
import { SmtpTargetRefused } from './mail.target.ts';
import { testMail } from './mail.templates.ts';
import { deliver, describeMailError, type EmailConfigRow } from './mail.transport.ts';
import { defaultMailWorkerOptions, type MailWorkerOptions, mailOptionsFromEnv } from './mail.worker.ts';

const base = '/api/admin/email-config';
const tags = ['email-config'];
const config = { menus: ['email'] };
/** The test action answers within this, whatever the SMTP server does. */
const TEST_TIMEOUT_MS = 15_000;
/** Serializes what decides the active configuration: creates and activations. */
const ACTIVE_LOCK = 727020;

const c = emailConfig;
export const emailConfigKind: RecordKind = {
  name: 'email-config',
  table: c,
  searchFields: ['host', 'user', 'from'],
  sortable: {
    host: c.host,
    port: c.port,
    from: c.from,
    user: c.user,
    status: c.status,
    created_at: c.created_at,
  },
  defaultSort: { by: 'created_at', desc: true },
  extraColumns: { has_password: sql<boolean>`(${c.password_enc} is not null)` },
  beforeWrite: async (tx, values, existing) => {
    if (existing) return;
    // the first configuration is the active one; later ones wait to be activated
    await lockActive(tx);
    const [active] = await tx.select({ id: c.id }).from(c).where(eq(c.status, 'O')).limit(1);
    values.status = active ? 'C' : 'O';
  },
};

const lockActive = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${ACTIVE_LOCK})`);

const testAnswerSchema = z.object({ ok: z.boolean(), message: z.string() });

export function registerEmailConfigRoutes(
  app: FastifyInstance,
  opts: { jwtSecret: string; mail?: Partial<MailWorkerOptions> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // the worker's own reading of MAIL_SMTP_PORTS (or the tests' options): one rule for both
  const mailOptions = { ...defaultMailWorkerOptions, ...mailOptionsFromEnv(), ...opts.mail };
  const kind = emailConfigKind;
  const seal = (password: string | undefined) =>
    password?.trim() ? sealPassword(opts.jwtSecret, password) : undefined;

  registerResource(app, {
    kind,
    basePath: base,
    tag: 'email-config',
    record: emailConfigSchema,
    input: emailConfigInputSchema,
    update: emailConfigUpdateSchema,
    menus: { read: ['email'], create: ['email'], update: ['email'] },
    paths: {
      paging: 'list/paging',
      all: false,
      // below: the password, the active one, and the answer of a delete
      create: false,
      update: false,
      active: false,
      deactivate: 'deactive/:id',
      delete: false,
    },
  });

  r.post(
    `${base}/create`,
    { config, schema: { tags, body: emailConfigInputSchema, response: { 200: emailConfigSchema } } },
    (req) => {
      const { password, ...fields } = req.body;
      const values = { ...fields, password_enc: fields.user ? (seal(password) ?? null) : null };
      return app.db.transaction(
        (tx) => createRecord(tx, kind, values as unknown as Row, currentUser(req)) as never,
      );
    },
  );

  r.put(
    `${base}/update/:id`,
    {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        body: emailConfigUpdateSchema,
        response: { 200: emailConfigSchema },
      },
    },
    (req) => {
      const { version, password, ...fields } = req.body;
      // user cleared: no authentication, so no password; else a password typed replaces the stored one
      const passwordEnc = fields.user === null ? null : seal(password);
      const changes = { ...fields, ...(passwordEnc !== undefined ? { password_enc: passwordEnc } : {}) };
      return app.db.transaction(
        (tx) =>
          updateRecord(
            tx,
            kind,
            req.params.id,
            version,
            changes as unknown as Row,
            currentUser(req),
          ) as never,
      );
    },
  );

  r.patch(
    `${base}/active/:id`,
    {
      config,
      schema: { tags, params: idParamsSchema, body: versionBodySchema, response: { 200: emailConfigSchema } },
    },
    (req) =>
      app.db.transaction(async (tx) => {
        const user = currentUser(req);
        // the lock before any row lock: two activations at once queue up instead of deadlocking
        await lockActive(tx);
        const others = await tx
          .select({ id: c.id })
          .from(c)
          .where(and(eq(c.status, 'O'), ne(c.id, req.params.id)));
        // the other one first: the partial unique index allows one active row at every moment
        for (const other of others)
          await patchRecord(tx, kind, other.id, { status: 'C' } as Row, user, 'deactivate');
        return (await setRecordStatus(tx, kind, req.params.id, req.body.version, 'O', user)) as never;
      }),
  );

  r.delete(
    `${base}/delete/:id`,
    {
      config,
      schema: { tags, params: idParamsSchema, body: versionBodySchema, response: { 200: emailConfigSchema } },
    },
    (req) =>
      app.db.transaction(async (tx) => {
        const row = await setRecordStatus(tx, kind, req.params.id, req.body.version, 'D', currentUser(req));
        // a deleted record is out of every read: its has_password comes from the row itself
        const [stored] = await tx
          .select({ has_password: sql<boolean>`(${c.password_enc} is not null)` })
          .from(c)
          .where(eq(c.id, req.params.id));
        return { ...row, has_password: Boolean(stored?.has_password) } as never;
      }),
  );

  r.post(
    `${base}/test/:id`,
    {
      config,
      schema: { tags, params: idParamsSchema, body: testMailSchema, response: { 200: testAnswerSchema } },
    },
    async (req) => {
      const user = currentUser(req);
      const row = (await findRecord(app.db, kind, req.params.id, user)) as unknown as EmailConfigRow;
      let to = req.body.to;
      if (!to) {
        const [me] = await app.db
          .select({ email: appUser.email })
          .from(appUser)
          .where(eq(appUser.id, user.id));
        to = me?.email?.trim() || null;
      }
      if (!to) throw fieldError('to', 'required');
      try {
        const response = await deliver(
          row,
          opts.jwtSecret,
          { to, ...testMail(row, user.user_name), messageId: `<test.${row.id}.${Date.now()}@sitepay>` },
          { timeoutMs: TEST_TIMEOUT_MS, smtpPorts: mailOptions.smtpPorts },
        );
        return { ok: true, message: response };
      } catch (error) {
        if (error instanceof SmtpTargetRefused)
          throw unprocessable(`SMTP target refused: ${error.message}`, 'smtp_target_refused');
        req.log.info({ err: error, emailConfig: row.id }, 'test mail failed');
        return { ok: false, message: describeMailError(error) };
      }
    },
  );

  r.get(
    '/api/admin/mail/paging',
    {
      config,
      schema: { tags: ['mail'], querystring: mailQuerySchema, response: { 200: pageSchema(mailItemSchema) } },
    },
    (req) => readOutbox(app.db, req.query, currentUser(req)) as never,
  );
}
