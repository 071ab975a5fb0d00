/**
 * /api/admin/approval-flow/: a company's approval flow (docs/product.md#approval-flows,
 * docs/adr/0084-approval-steps.md) — list/all, get, create, update, delete, and the preview of the
 * steps a request of an amount goes through. At most one live flow per company; a changed flow
 * changes the requests sent afterwards only (a sent request keeps its copied steps).
 */
import {
  type ApprovalFlowInput,
  approvalFlowInputSchema,
  approvalFlowSchema,
  approvalFlowUpdateSchema,
  approvalPreviewQuerySchema,
  approvalPreviewSchema,
  stepsFor,
} from '@sitepay/domain/approval-flow.schema';
import { idParamsSchema, okSchema, versionBodySchema } from '@sitepay/domain/common.schema';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import { approvalFlow, appUser, company, role } from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { currentUser } from '../../http/auth.ts';
import { fieldError, notFound, staleVersion, unprocessable } from '../../http/errors.ts';
import { companyScope } from '../../http/owner-company.ts';

const f = approvalFlow;
const base = '/api/admin/approval-flow';
const tags = ['approval-flow'];
/** The advisory lock of a company's flow ("APFL" in ASCII): one live flow per company. */
const FLOW_LOCK = 0x4150464c;

type StoredStep = (typeof approvalFlow.$inferSelect)['steps'][number];

/** The flows the user may see: those of his companies (all for an administrator). */
const scopeOf = (user: CurrentUser): SQL | undefined =>
  user.isAdmin ? undefined : companyScope(sql`${f.company_id}`, user);

/** A flow as answered: its steps with the names of their roles and users. */
async function answer(tx: Tx, rows: (typeof approvalFlow.$inferSelect)[]) {
  const roleIds = rows.flatMap((r) => r.steps.map((s) => s.role_id ?? 0)).filter(Boolean);
  const userIds = rows.flatMap((r) => r.steps.map((s) => s.user_id ?? 0)).filter(Boolean);
  const companyIds = rows.map((r) => r.company_id);
  const roles = roleIds.length
    ? await tx.select({ id: role.id, name: role.name }).from(role).where(inArray(role.id, roleIds))
    : [];
  const users = userIds.length
    ? await tx
        .select({
          id: appUser.id,
          name: sql<string>`coalesce(nullif(${appUser.full_name}, ''), ${appUser.user_name})`,
        })
        .from(appUser)
        .where(inArray(appUser.id, userIds))
    : [];
  const companies = companyIds.length
    ? await tx
        .select({ id: company.id, name: company.name })
        .from(company)
        .where(inArray(company.id, companyIds))
    : [];
  const name = (list: { id: number; name: string }[], id?: number | null) =>
    list.find((x) => x.id === id)?.name ?? null;
  return rows.map(({ search_text: _, ...r }) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    company_name: name(companies, r.company_id),
    steps: r.steps.map((s) => ({
      ...s,
      role_id: s.role_id ?? null,
      user_id: s.user_id ?? null,
      min_amount: s.min_amount ?? null,
      role_name: name(roles, s.role_id),
      user_name: name(users, s.user_id),
    })),
  }));
}

async function findFlow(tx: Tx, id: number, user: CurrentUser, lock = false) {
  const query = tx
    .select()
    .from(f)
    .where(and(eq(f.id, id), ne(f.status, 'D'), scopeOf(user)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('approval flow');
  return row;
}

/**
 * Checks a flow's body against the database: the company is the user's, each role and user named
 * exists and is active; takes the company's flow lock and refuses (422 `flow_exists`) a second
 * live flow. Answers the steps as stored.
 */
async function checkFlow(
  tx: Tx,
  body: ApprovalFlowInput,
  user: CurrentUser,
  id?: number,
): Promise<StoredStep[]> {
  const [c] = await tx
    .select({ id: company.id })
    .from(company)
    .where(
      and(
        eq(company.id, body.company_id),
        eq(company.status, 'O'),
        user.isAdmin ? undefined : companyScope(sql`${company.id}`, user),
      ),
    );
  if (!c) throw fieldError('company_id', 'not_found');
  const steps: StoredStep[] = body.steps.map((s) => ({
    name: s.name,
    decider_type: s.decider_type,
    role_id: s.decider_type === 'role' ? (s.role_id ?? null) : null,
    user_id: s.decider_type === 'user' ? (s.user_id ?? null) : null,
    min_amount: s.min_amount ?? null,
  }));
  for (const [i, s] of steps.entries()) {
    if (s.role_id) {
      const [r] = await tx
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.id, s.role_id), eq(role.status, 'O')));
      if (!r) throw fieldError(`steps.${i}.role_id`, 'not_found');
    }
    if (s.user_id) {
      const [u] = await tx
        .select({ id: appUser.id })
        .from(appUser)
        .where(and(eq(appUser.id, s.user_id), eq(appUser.status, 'O')));
      if (!u) throw fieldError(`steps.${i}.user_id`, 'not_found');
    }
  }
  await queryRows(tx, sql`select pg_advisory_xact_lock(${FLOW_LOCK}, ${body.company_id})`);
  const [other] = await tx
    .select({ id: f.id })
    .from(f)
    .where(and(eq(f.company_id, body.company_id), ne(f.status, 'D'), id ? ne(f.id, id) : undefined));
  if (other)
    throw unprocessable('the company already has an approval flow: change that one', 'flow_exists', {
      id: other.id,
    });
  return steps;
}

export function registerApprovalFlowRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { menus: ['approval-flow'] };

  r.get(
    `${base}/list/all`,
    { config: read, schema: { tags, response: { 200: z.array(approvalFlowSchema) } } },
    async (req) => {
      const user = currentUser(req);
      const rows = await app.db
        .select()
        .from(f)
        .where(and(ne(f.status, 'D'), scopeOf(user)))
        .orderBy(asc(f.company_id))
        .limit(1000);
      return answer(app.db, rows) as never;
    },
  );

  r.get(
    `${base}/get/:id`,
    { config: read, schema: { tags, params: idParamsSchema, response: { 200: approvalFlowSchema } } },
    async (req) =>
      (await answer(app.db, [await findFlow(app.db, req.params.id, currentUser(req))]))[0] as never,
  );

  r.get(
    `${base}/preview/:id`,
    {
      config: read,
      schema: {
        tags,
        description: 'The steps a request of `amount` of company `id` would go through if sent now.',
        params: idParamsSchema,
        querystring: approvalPreviewQuerySchema,
        response: { 200: approvalPreviewSchema },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const [row] = await app.db
        .select()
        .from(f)
        .where(and(eq(f.company_id, req.params.id), ne(f.status, 'D'), scopeOf(user)));
      if (!row) return { flow_id: null, steps: [] };
      const [flow] = await answer(app.db, [row]);
      return { flow_id: row.id, steps: stepsFor(flow!.steps, req.query.amount) } as never;
    },
  );

  r.post(
    `${base}/create`,
    { config: read, schema: { tags, body: approvalFlowInputSchema, response: { 200: approvalFlowSchema } } },
    (req) =>
      app.db.transaction(async (tx) => {
        const user = currentUser(req);
        const steps = await checkFlow(tx, req.body, user);
        const [row] = await tx
          .insert(f)
          .values({
            company_id: req.body.company_id,
            name: req.body.name,
            steps,
            created_by: user.user_name,
            updated_by: user.user_name,
          })
          .returning();
        return (await answer(tx, [row!]))[0] as never;
      }),
  );

  r.put(
    `${base}/update/:id`,
    {
      config: read,
      schema: {
        tags,
        params: idParamsSchema,
        body: approvalFlowUpdateSchema,
        response: { 200: approvalFlowSchema },
      },
    },
    (req) =>
      app.db.transaction(async (tx) => {
        const user = currentUser(req);
        const existing = await findFlow(tx, req.params.id, user, true);
        if (existing.version !== req.body.version) throw staleVersion();
        const steps = await checkFlow(tx, req.body, user, existing.id);
        const [row] = await tx
          .update(f)
          .set({
            company_id: req.body.company_id,
            name: req.body.name,
            steps,
            version: existing.version + 1,
            updated_at: new Date(),
            updated_by: user.user_name,
          })
          .where(eq(f.id, existing.id))
          .returning();
        return (await answer(tx, [row!]))[0] as never;
      }),
  );

  r.delete(
    `${base}/delete/:id`,
    {
      config: read,
      schema: { tags, params: idParamsSchema, body: versionBodySchema, response: { 200: okSchema } },
    },
    (req) =>
      app.db.transaction(async (tx) => {
        const user = currentUser(req);
        const existing = await findFlow(tx, req.params.id, user, true);
        if (existing.version !== req.body.version) throw staleVersion();
        await tx
          .update(f)
          .set({
            status: 'D',
            version: existing.version + 1,
            updated_at: new Date(),
            updated_by: user.user_name,
          })
          .where(eq(f.id, existing.id));
        return { ok: true };
      }),
  );
}
