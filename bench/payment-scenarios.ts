/**
 * The payment-list scenarios of the bench (docs/product.md#performance-budgets: 1 M payment requests on
 * PostgreSQL, 100 k on PGlite) and how their SQL is captured: bench/run.ts builds the app on a Drizzle that
 * logs its queries and hands it here; each scenario's request is injected twice, and the statements of the
 * second request — the steady state, with the list's estimate cached — are what the bare route and pgbench
 * run. The request check (a named prepared statement, through `prepared`) is kept apart: the bare route does
 * no authentication. Everything else the route runs is kept, in order (for the approval queue that includes
 * the caller's rights query).
 */
import type { FastifyInstance } from 'fastify';
import type { Statement } from './bare-server.ts';
import { BENCH_USER_PASSWORD, type Sink } from './generate.ts';
import { BENCH_DIRECTOR } from './generate-payments.ts';
import { APPROVAL_QUEUE_FIELDS, PAYMENT_LIST_FIELDS } from './web-list-fields.ts';

export type Who = 'admin' | 'director';
/** A captured statement; `prepared` marks the request check, which runs as a named statement. */
export type CapturedStatement = Statement & { prepared?: boolean };

export type PaymentScenario = {
  name: string;
  kind: 'list' | 'deep';
  /** The route; the query string follows. */
  path: string;
  query: string;
  user: Who;
  note: string;
  /** The statements one request runs in steady state, the request check left out. */
  statements?: Statement[];
  /** Every statement of that request, in order, the request check included. */
  requestSql?: Statement[];
  total?: number;
  totalExact?: boolean;
};

type PageBody = { items: unknown[]; total: number; totalExact: boolean; nextCursor: string | null };

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const LIST = '/api/payment-transaction/paging';
/** A page of the web's payment list, with the fields it asks for. */
const listQ = (params: Record<string, string | number>) => q({ ...params, fields: PAYMENT_LIST_FIELDS });
const DEEP_PAGE = Math.floor(50_000 / 20) + 1; // rows 50,001–50,020

/**
 * The scenarios, with what they look for chosen in the data (the same for a seed): `payment-list`
 * reads the largest construction; `payment-search` types the distinctive part of a contractor's name
 * ("Hòa Phát" of "Công ty TNHH Xây dựng Hòa Phát") — a contractor bigger than nine in ten others.
 */
export async function paymentScenarios(sink: Sink): Promise<PaymentScenario[]> {
  const [big] = (
    await sink.query(
      `select p.construction_id as id, c.code, count(*)::int as n
         from payment_transaction p join construction c on c.id = p.construction_id
        where p.status <> 'D' group by p.construction_id, c.code order by n desc, p.construction_id limit 1`,
    )
  ).rows;
  if (!big) return [];
  const contractors = (
    await sink.query(
      `select n.name, count(*)::int as n from payment_transaction p join "constructor" n on n.id = p.constructor_id
        where p.status <> 'D' group by n.id, n.name order by n desc, n.id`,
    )
  ).rows;
  const searched = contractors[Math.floor(contractors.length / 10)]!;
  const search = String(searched.name).split(' ').slice(-2).join(' ');
  // a request's number typed whole, a contract's number, a word of the requests' own text
  const [aRequest] = (
    await sink.query(
      `select code from payment_transaction where status <> 'D' order by id limit 1 offset 500000`,
    )
  ).rows;
  const [aContract] = (
    await sink.query(`select contract_no from contract where status <> 'D' order by id limit 1 offset 25000`)
  ).rows;
  return [
    {
      name: 'payment-list',
      kind: 'list',
      path: LIST,
      query: listQ({ constructionId: big.id, status: 'unpaid', itemsPerPage: 20 }),
      user: 'admin',
      note: `construction ${big.code} (the largest, ${big.n.toLocaleString('en')} requests), unpaid`,
    },
    {
      name: 'payment-overdue',
      kind: 'list',
      path: '/api/payment-transaction/overdue/paging',
      query: listQ({ itemsPerPage: 20 }),
      user: 'admin',
      note: 'overdue: unpaid, due date before today',
    },
    {
      name: 'approval-queue',
      kind: 'list',
      path: '/api/payment-approval/paging',
      query: q({ itemsPerPage: 20, fields: APPROVAL_QUEUE_FIELDS }),
      user: 'director',
      note: `waiting requests, as ${BENCH_DIRECTOR} (ROLE_DIRECTOR + one company's scope)`,
    },
    {
      name: 'payment-search',
      kind: 'list',
      path: LIST,
      query: listQ({ search, itemsPerPage: 20 }),
      user: 'admin',
      note: `search "${search}" (of ${searched.name}, ${searched.n.toLocaleString('en')} requests)`,
    },
    {
      name: 'payment-search-code',
      kind: 'list',
      path: LIST,
      query: listQ({ search: String(aRequest?.code ?? 'YCTT'), itemsPerPage: 20 }),
      user: 'admin',
      note: `search the request number "${aRequest?.code}"`,
    },
    {
      name: 'payment-search-contract',
      kind: 'list',
      path: LIST,
      query: listQ({ search: String(aContract?.contract_no ?? 'HĐ'), itemsPerPage: 20 }),
      user: 'admin',
      note: `search the contract number "${aContract?.contract_no}"`,
    },
    {
      name: 'payment-search-word',
      kind: 'list',
      path: LIST,
      query: listQ({ search: 'hạ tầng', itemsPerPage: 20 }),
      user: 'admin',
      note: 'search "hạ tầng", a phrase of one progress request in five',
    },
    {
      name: 'payment-deep',
      kind: 'deep',
      path: LIST,
      query: listQ({ itemsPerPage: 20, page: DEEP_PAGE }),
      user: 'admin',
      note: 'page 2,501 by cursor: after row 50,000 of all requests',
    },
  ];
}

/** Signs the bench director in through the app; its token, or null when it cannot sign in. */
export async function directorToken(app: FastifyInstance): Promise<string | null> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ApplicationId: 'sitepay-web' },
    payload: { user_name: BENCH_DIRECTOR, password: BENCH_USER_PASSWORD },
  });
  return res.statusCode === 200 ? ((res.json() as { id_token: string }[])[0]?.id_token ?? null) : null;
}

/** Whether the app serves the payment lists at all (the module may not be there yet). */
export async function paymentRoutesExist(app: FastifyInstance, adminToken: string): Promise<boolean> {
  const res = await app.inject({
    method: 'GET',
    url: `${LIST}?itemsPerPage=1`,
    headers: { ApplicationId: 'sitepay-web', authorization: `Bearer ${adminToken}` },
  });
  return res.statusCode === 200;
}

const isList = (sql: string) => /^\s*(select|with|explain)\b/i.test(sql);

/**
 * Fills each scenario's statements, request SQL and total from the app itself. The deep scenario
 * gets the cursor after row 50,000 first, by walking the list 1,000 rows a page (a cursor does not
 * depend on the page size).
 */
export async function capturePayments(
  app: FastifyInstance,
  captured: CapturedStatement[],
  tokens: Record<Who, string>,
  scenarios: PaymentScenario[],
  log: (line: string) => void,
) {
  const get = async (s: PaymentScenario, query: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `${s.path}?${query}`,
      headers: { ApplicationId: 'sitepay-web', authorization: `Bearer ${tokens[s.user]}` },
    });
    if (res.statusCode !== 200) throw new Error(`${s.name}: the app answers ${res.statusCode}: ${res.body}`);
    return res.json() as PageBody;
  };
  for (const s of scenarios.filter((x) => x.kind === 'deep')) {
    let page = await get(s, q({ itemsPerPage: 1000 }));
    for (let p = 2; p <= 50 && page.nextCursor; p++)
      page = await get(s, q({ itemsPerPage: 1000, page: p, cursor: page.nextCursor }));
    if (!page.nextCursor) throw new Error(`${s.name}: the list ends before row 50,000`);
    s.query = listQ({ itemsPerPage: 20, page: DEEP_PAGE, cursor: page.nextCursor });
  }
  for (const s of scenarios) {
    await get(s, s.query); // the first request fills the estimate cache (and may analyze)
    captured.length = 0;
    const body = await get(s, s.query);
    const copy = (c: Statement) => ({ sql: c.sql, params: [...c.params] });
    s.requestSql = captured.map(copy);
    s.statements = captured.filter((c) => !c.prepared && isList(c.sql)).map(copy);
    s.total = body.total;
    s.totalExact = body.totalExact;
    if (body.items.length !== 20) log(`  note: ${s.name} answers ${body.items.length} rows`);
  }
}
