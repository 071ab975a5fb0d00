/**
 * Customers (khách hàng): the owners and investors the company bills. A customer owns constructions
 * (a construction has at most one customer, `construction.customer_id`) of the company it belongs to
 * (`company_id`, owner-company.ts), and is seen by that company and by whoever sees one of its
 * constructions. Its
 * figures (billed, received, outstanding) and the constructions it shows are those of the caller's
 * scope, added to every answer by `decorateCustomers`.
 */
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { customer as customerEntity } from '@sitepay/domain/entities/customer.entity';
import {
  customerHistorySchema,
  customerInputSchema,
  customerListQuerySchema,
  customerSchema,
  customerUpdateSchema,
} from '@sitepay/domain/receivables.schema';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todaySql } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  billing,
  billingReceipt,
  company,
  construction,
  credit,
  customer,
  project,
} from '../../db/schema.ts';
import { scopeConstructionIds } from '../../http/access-sql.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { checkFormats } from '../../http/entity.routes.ts';
import { fieldError, unprocessable } from '../../http/errors.ts';
import { companyScope, settleOwnerCompany } from '../../http/owner-company.ts';
import { recordHistoryOf, writeHistory } from '../../http/record-history.ts';
import type { Row } from '../../http/record-kind.ts';
import { findRecord, outer, patchRecord, type RecordKind } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { constructionKind, selectedConstruction } from '../construction/construction.resource.ts';

const cu = customer;

/** Constructions in the user's scope, as a condition on `column` (admins: every one). */
export const inScope = (column: SQL, user: CurrentUser): SQL =>
  user.isAdmin ? sql`true` : sql`${column} = any(array(${scopeConstructionIds(user.id)}))`;

export const customerKind: RecordKind = {
  name: 'customer',
  table: cu,
  searchFields: ['code', 'name', 'tax_code', 'contact_person', 'phone', 'email'],
  sortable: {
    code: cu.code,
    name: cu.name,
    tax_code: cu.tax_code,
    contact_person: cu.contact_person,
    created_at: cu.created_at,
    status: cu.status,
  },
  defaultSort: { by: 'created_at', desc: true },
  unique: [{ field: 'code', columns: ['code'], constraint: 'customer_code_uq', caseInsensitive: true }],
  references: [{ field: 'company_id', table: company as never }],
  lookups: { company_name: { key: 'company_id', table: company as never, column: 'name' } },
  scope: (user) => sql`(${companyScope(outer(cu.company_id), user)}
    or exists (select 1 from ${construction} x where x.customer_id = ${outer(cu.id)}
      and x.status <> 'D' and x.id = any(array(${scopeConstructionIds(user.id)}))))`,
  beforeWrite: (tx, values, existing, user) => {
    checkFormats(customerEntity, values, existing);
    return settleOwnerCompany(tx, values, existing, user);
  },
  filters: (q) => {
    const selected = selectedConstruction(q);
    return [
      selected
        ? sql`exists (select 1 from ${construction} x where x.customer_id = ${outer(cu.id)} and x.id = ${selected})`
        : undefined,
    ];
  },
  async afterWrite(tx, row, input, user) {
    if (Array.isArray(input.construction_ids)) await linkConstructions(tx, row, input.construction_ids, user);
    await checkOneCompany(tx, row, user);
  },
  async beforeStatus(tx, existing, status) {
    if (status !== 'D') return;
    const [live] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${billing} where customer_id = ${existing.id} and status <> 'D'`,
    );
    if (live!.n > 0)
      throw unprocessable(
        `customer ${existing.code} has ${live!.n} bill(s) and cannot be deleted`,
        'customer_has_bills',
        { code: existing.code, count: live!.n },
      );
  },
  async afterStatus(tx, row, status, user) {
    // a deleted customer owns nothing any more: its constructions can be given to another
    if (status === 'D') await linkConstructions(tx, row, [], user);
  },
};

/**
 * Makes the customer own `wanted` among the constructions the user sees; those he does not see keep
 * their owner. Each construction is locked before its owner is read, so two customers claiming one
 * construction at once cannot both get it.
 */
async function linkConstructions(tx: Tx, owner: Row, wanted: number[], user: CurrentUser) {
  const current = await queryRows<{ id: number }>(
    tx,
    sql`select x.id from ${construction} x where x.customer_id = ${owner.id} and x.status <> 'D'
          and ${inScope(sql`x.id`, user)} order by x.id`,
  );
  const want = new Set(wanted);
  for (const { id } of current) {
    if (!want.has(id))
      await patchRecord(tx, constructionKind, id, { customer_id: null } as never, user, 'unlink-customer');
  }
  const have = new Set(current.map((c) => c.id));
  const before = [...have].sort((a, b) => a - b);
  const after = [...new Set([...want].filter((x) => x > 0))].sort((a, b) => a - b);
  if (before.join() !== after.join())
    await writeHistory(
      tx,
      customerKind,
      owner.id,
      'constructions',
      { construction_ids: { old: before, new: after } },
      user,
    );
  for (const id of [...want].filter((x) => !have.has(x)).sort((a, b) => a - b)) {
    const site = await findRecord(tx, constructionKind, id, user, true).catch(() => {
      throw fieldError('construction_ids', 'not_found');
    });
    if (site.customer_id && site.customer_id !== owner.id) {
      const [other] = await queryRows<{ name: string; status: string }>(
        tx,
        sql`select name, status from ${cu} where id = ${site.customer_id}`,
      );
      if (other && other.status !== 'D')
        throw unprocessable(
          `construction ${site.code} already belongs to customer ${other.name}`,
          'construction_owned',
          { construction: site.code, customer: other.name },
        );
    }
    await claimForCompany(tx, owner, site, user);
    await patchRecord(tx, constructionKind, id, { customer_id: owner.id } as never, user, 'link-customer');
  }
}

const companyOfConstruction = async (tx: Tx, constructionId: number) => {
  const [row] = await queryRows<{ company_id: number | null }>(
    tx,
    sql`select p.company_id from ${construction} x join ${project} p on p.id = x.project_id
        where x.id = ${constructionId}`,
  );
  return row?.company_id ?? null;
};

/**
 * A customer owns constructions of its own company only: linking another company's is refused
 * (422 `construction_other_company`). A customer of no company (an administrator's, not named)
 * takes the company of its first construction.
 */
async function claimForCompany(tx: Tx, owner: Row, site: Row, user: CurrentUser) {
  const siteCompany = await companyOfConstruction(tx, site.id);
  if (owner.company_id == null && siteCompany !== null) {
    await tx.update(cu).set({ company_id: siteCompany }).where(sql`${cu.id} = ${owner.id}`);
    await writeHistory(
      tx,
      customerKind,
      owner.id,
      'update',
      { company_id: { old: null, new: siteCompany } },
      user,
    );
    owner.company_id = siteCompany;
  } else if (siteCompany !== owner.company_id) throw otherCompany(site.code);
}

const otherCompany = (code: string) =>
  unprocessable(
    `construction ${code} belongs to another company than the customer's`,
    'construction_other_company',
    { construction: code },
  );

/** After a change of company: every construction the customer owns must be of the new one. */
async function checkOneCompany(tx: Tx, owner: Row, _user: CurrentUser) {
  if (owner.company_id == null) return;
  const [other] = await queryRows<{ code: string }>(
    tx,
    sql`select x.code from ${construction} x left join ${project} p on p.id = x.project_id
        where x.customer_id = ${owner.id} and x.status <> 'D'
          and p.company_id is distinct from ${owner.company_id}::int order by x.id limit 1`,
  );
  if (other) throw otherCompany(other.code);
}

type Figures = {
  id: number;
  constructions: { id: number; code: string; name: string }[];
  billed_total: string;
  received_total: string;
  outstanding: string;
  credit_limit: string | null;
};

/** The bills of a customer the user sees, as a condition on `billing b`. */
const billsSeen = (user: CurrentUser) => inScope(sql`b.construction_id`, user);

export async function decorateCustomers(db: Tx, records: Row[], user: CurrentUser) {
  if (!records.length) return;
  const ids = records.map((r) => r.id);
  const rows = await queryRows<Figures>(
    db,
    sql`select c.id,
        coalesce((select json_agg(json_build_object('id', x.id, 'code', x.code, 'name', x.name) order by x.code, x.id)
          from ${construction} x where x.customer_id = c.id and x.status <> 'D' and ${inScope(sql`x.id`, user)}),
          '[]'::json) as constructions,
        f.billed::numeric(18,2)::text as billed_total,
        f.received::numeric(18,2)::text as received_total,
        (f.billed - f.received - f.credited - f.unapplied)::numeric(18,2)::text as outstanding,
        (select k.amount::text from ${credit} k where k.customer_id = c.id and k.kind = 'limit'
           and k.status <> 'D' and k.credit_date <= ${todaySql}
           order by k.credit_date desc, k.id desc limit 1) as credit_limit
      from ${cu} c
      cross join lateral (select
          coalesce(sum(b.total), 0) as billed, coalesce(sum(b.paid_amount), 0) as received,
          coalesce(sum(b.credited_amount), 0) as credited,
          (select coalesce(sum(k.amount), 0) from ${credit} k where k.customer_id = c.id and k.kind = 'note'
             and k.billing_id is null and k.status <> 'D') as unapplied
        from ${billing} b where b.customer_id = c.id and b.status <> 'D' and ${billsSeen(user)}) f
      where c.id = any(${sql.param(ids)}::int[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const record of records) {
    const f = byId.get(record.id);
    const constructions = f?.constructions ?? [];
    Object.assign(record, {
      constructions,
      construction_ids: constructions.map((x) => x.id),
      billed_total: f?.billed_total ?? '0.00',
      received_total: f?.received_total ?? '0.00',
      outstanding: f?.outstanding ?? '0.00',
      credit_limit: f?.credit_limit ?? null,
    });
  }
}

type BillingEvent = {
  at: Date | string;
  kind: 'bill' | 'receipt' | 'credit';
  billing_id: number | null;
  number: string | null;
  amount: string;
  note: string | null;
  user_name: string | null;
};

/** The billing events of a customer, newest first: bills, receipts and credit notes the user sees. */
async function billingEvents(db: Tx, customerId: number, user: CurrentUser) {
  const rows = await queryRows<BillingEvent>(
    db,
    sql`select * from (
        select b.created_at as at, 'bill' as kind, b.id as billing_id, b.number, b.total::text as amount,
               b.note, b.created_by as user_name
          from ${billing} b where b.customer_id = ${customerId} and b.status <> 'D' and ${billsSeen(user)}
        union all
        select r.created_at, 'receipt', b.id, b.number, r.amount::text, r.note, r.user_name
          from ${billingReceipt} r join ${billing} b on b.id = r.billing_id
          where b.customer_id = ${customerId} and b.status <> 'D' and ${billsSeen(user)}
        union all
        select k.created_at, 'credit', k.billing_id, b.number, k.amount::text, k.reason, k.created_by
          from ${credit} k left join ${billing} b on b.id = k.billing_id
          where k.customer_id = ${customerId} and k.kind = 'note' and k.status <> 'D'
            and (k.billing_id is null or ${billsSeen(user)})
      ) e order by e.at desc, e.kind limit 500`,
  );
  return rows.map((e) => ({ ...e, at: new Date(e.at).toISOString() }));
}

export const CUSTOMER_MENUS = {
  read: ['customer', 'customer-view', 'customer-update', 'billing', 'billing-create', 'billing-update'],
  create: ['customer-create'],
  update: ['customer-update'],
};

export function registerCustomerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, {
    kind: customerKind,
    basePath: '/api/manage/customer',
    tag: 'customer',
    record: customerSchema,
    input: customerInputSchema,
    update: customerUpdateSchema,
    listQuery: customerListQuerySchema,
    menus: CUSTOMER_MENUS,
    paths: {
      paging: 'list/paging',
      all: 'list/all',
      create: 'register',
      deactivate: 'deactive/:id',
      history: false,
    },
    decorate: decorateCustomers,
  });

  r.get(
    '/api/manage/customer/history/:id',
    {
      config: { menus: ['customer', 'customer-view'] },
      schema: { tags: ['customer'], params: idParamsSchema, response: { 200: customerHistorySchema } },
    },
    async (req) => {
      const user = currentUser(req);
      await findRecord(app.db, customerKind, req.params.id, user);
      return {
        changes: await recordHistoryOf(app.db, 'customer', req.params.id, 200, customerKind),
        billing: await billingEvents(app.db, req.params.id, user),
      };
    },
  );
}
