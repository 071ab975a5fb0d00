/**
 * Factories for the API tests: the records a test stands on, one call each, made through the real
 * HTTP routes — so they pass every check a user's would and land in history, totals and mails as a
 * user's do. Every call gets codes of its own (a test may still give any field, its own code
 * included); what a test does not give is a plain default: CT-001 of the demo data, VAT 10 %,
 * transaction type KL, a contract of 1,000,000,000 before VAT, a request of 100,000,000.
 *
 * A payment request is walked to the state asked for by the people the workflow requires
 * (domain/src/payment-workflow.ts): the accountant writes and sends it, a director decides it —
 * never its preparer (four eyes) — and the accountant, not the accepter, confirms it paid.
 *
 *   const f = factories(s, { admin, accountant: ketoan, director: giamdoc });
 *   const c = await f.contract({ amount_before_vat: '500000000' });
 *   const r = await f.request(c, { state: 'accepted', amount: '100000000' });
 *
 * Tokens not given are the demo users', signed in when first needed. A server that is not a
 * TestServer (a started process, the browser tests' server) fits as long as it answers `call` as
 * a TestServer does.
 */
import crypto from 'node:crypto';

// biome-ignore lint/suspicious/noExplicitAny: records of every kind, read as the API answers them
export type Rec = { id: number; version: number } & Record<string, any>;
type Fields = Record<string, unknown>;
/** Who makes the record (a bearer token); the default is said on each factory. */
type By = { by?: string };

export type RequestState = 'draft' | 'waiting' | 'accepted' | 'rejected' | 'paid';
export type RequestOptions = Fields & {
  /** Where the request ends up; `draft` (created, approval status O) unless told. */
  state?: RequestState;
  /** Writes, sends and (unless `payer`) confirms it paid: the accountant. */
  by?: string;
  /** Accepts or rejects it: the director. */
  decider?: string;
  /** Confirms it paid: `by`. */
  payer?: string;
  /** The note of an acceptance. */
  decisionNote?: string;
  /** The reason of a rejection. */
  reason?: string;
  /** The print template the request is written for (`?template=` of the create). */
  template?: string;
};

export type Tokens = { admin: string; accountant: string; director: string };
/** What the factories need of a server: a TestServer, or anything answering calls as it does. */
type Server = {
  call(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    token: string | null,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }>;
  /** Signs a user in (the admin without one) and answers the bearer token. */
  login?(user?: string, password?: string): Promise<string>;
};

/** The demo users the factories act as when a test names nobody. */
const DEMO: Record<keyof Tokens, [string, string] | []> = {
  admin: [],
  accountant: ['ketoan', 'ketoan123'],
  director: ['giamdoc', 'giamdoc123'],
};

// one run's codes: a random part keeps apart two servers on one database, the browser tests' files
// on one server, and reruns
const run = crypto.randomBytes(3).toString('hex').toUpperCase();
const runDigits = String(crypto.randomInt(10_000_000, 100_000_000));
let made = 0;

/** The demo data a factory fills defaults from, read once per factory. */
export type Reference = {
  constructions: Record<string, Rec>;
  taxes: Record<string, Rec>;
  transactionTypes: Record<string, Rec>;
  contractTypes: Rec[];
  banks: Rec[];
};

export function factories(server: Server, given: Partial<Tokens> = {}) {
  const tokens: Partial<Record<keyof Tokens, Promise<string>>> = {};
  for (const [who, token] of Object.entries(given)) tokens[who as keyof Tokens] = Promise.resolve(token);
  const token = (who: keyof Tokens) => {
    if (!tokens[who]) {
      if (!server.login) throw new Error(`factories: no ${who} token given and no way to sign in`);
      tokens[who] = server.login(...DEMO[who]);
    }
    return tokens[who];
  };

  const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, by: string, body?: unknown) => {
    const res = await server.call(method, url, by, body);
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Rec;
  };

  let reference: Promise<Reference> | undefined;
  const lookup = (): Promise<Reference> =>
    (reference ??= (async () => {
      const admin = await token('admin');
      const get = async (url: string) => (await ok('GET', url, admin)) as unknown as Rec[];
      const byCode = (list: Rec[]) => Object.fromEntries(list.map((x) => [x.code, x]));
      const constructions = (await ok('GET', '/api/construction/paging?itemsPerPage=100', admin)).items;
      return {
        constructions: byCode(constructions),
        taxes: byCode(await get('/api/admin/setting/tax')),
        transactionTypes: byCode(await get('/api/transaction-type/list/all')),
        contractTypes: await get('/api/contract-type/list/all'),
        banks: await get('/api/bank/list/all'),
      };
    })());

  const unique = () => `${run}${++made}`;

  /** A company (by the admin). */
  async function company({ by, ...fields }: Fields & By = {}) {
    const code = `CTY-${unique()}`;
    return ok('POST', '/api/admin/company/create', by ?? (await token('admin')), {
      code,
      name: `Công ty ${code}`,
      ...fields,
    });
  }

  /** A project of a new company unless `company_id` is given (by the admin). */
  async function project({ by, ...fields }: Fields & By = {}) {
    const code = `DA-${unique()}`;
    return ok('POST', '/api/admin/project/create', by ?? (await token('admin')), {
      code,
      name: `Dự án ${code}`,
      company_id: fields.company_id ?? (await company({ by })).id,
      ...fields,
    });
  }

  /** A construction of a new project (and company) unless `project_id` is given (by the admin). */
  async function construction({ by, ...fields }: Fields & By = {}) {
    const code = `CT-${unique()}`;
    return ok('POST', '/api/construction/create', by ?? (await token('admin')), {
      code,
      name: `Công trình ${code}`,
      project_id: fields.project_id ?? (await project({ by })).id,
      ...fields,
    });
  }

  /** A contractor (by the admin). */
  async function contractor({ by, ...fields }: Fields & By = {}) {
    const code = `NT-${unique()}`;
    return ok('POST', '/api/constructor/create', by ?? (await token('admin')), {
      code,
      name: `Nhà thầu ${code}`,
      ...fields,
    });
  }

  /** A payee (beneficiary) of `of`, named as it, at the first bank unless told (by the admin). */
  async function payee(of: { id: number; name?: string }, { by, ...fields }: Fields & By = {}) {
    made += 1;
    return ok('POST', '/api/beneficiary/create', by ?? (await token('admin')), {
      constructor_id: of.id,
      name: of.name ?? `Người hưởng ${run}${made}`,
      bank_id: fields.bank_id ?? (await lookup()).banks[0]!.id,
      account_number: `${runDigits}${String(made).padStart(6, '0')}`,
      ...fields,
    });
  }

  /**
   * A valid contract body: a new contractor and its payee (by the admin) unless `constructor_id`
   * is given, then no payee unless `beneficiary_id` is. For tests that send it themselves.
   */
  async function contractInput(fields: Fields = {}) {
    const ref = await lookup();
    let parties: Fields = {};
    if (fields.constructor_id === undefined) {
      const k = await contractor();
      parties = { constructor_id: k.id, beneficiary_id: (await payee(k)).id };
    }
    return {
      contract_no: `HĐ-${unique()}`,
      contract_type_id: ref.contractTypes[0]?.id,
      construction_id: fields.construction_id ?? (ref.constructions['CT-001'] ?? (await construction())).id,
      ...parties,
      signed_date: '2025-01-10',
      amount_before_vat: '1000000000',
      tax_id: ref.taxes.VAT10?.id,
      ...fields,
    };
  }

  /** A contract (by the accountant): see contractInput for what it is made with. */
  async function contract({ by, ...fields }: Fields & By = {}) {
    return ok('POST', '/api/contract/create', by ?? (await token('accountant')), await contractInput(fields));
  }

  /** A valid payment request body against `of`, for tests that send it themselves. */
  async function requestInput(of: { id: number }, fields: Fields = {}) {
    return {
      contract_id: of.id,
      payment_code: 'TD',
      transaction_type_id: (await lookup()).transactionTypes.KL?.id,
      date: '2025-06-10',
      amount: '100000000',
      note: 'Thanh toán khối lượng',
      ...fields,
    };
  }

  /** A payment request against `of`, walked to `state`; answers it as the last move left it. */
  async function request(of: { id: number }, options: RequestOptions = {}) {
    const { state = 'draft', by, decider, payer, decisionNote, reason, template, ...fields } = options;
    const preparer = by ?? (await token('accountant'));
    const query = template ? `?template=${encodeURIComponent(template)}` : '';
    let r = await ok(
      'POST',
      `/api/payment-transaction/create${query}`,
      preparer,
      await requestInput(of, fields),
    );
    if (state === 'draft') return r;
    r = await ok('PATCH', `/api/payment-transaction/require-approval/${r.id}`, preparer, {
      version: r.version,
    });
    if (state === 'waiting') return r;
    const approver = decider ?? (await token('director'));
    if (state === 'rejected')
      return ok('PATCH', `/api/payment-approval/reject/${r.id}`, approver, {
        version: r.version,
        note: reason ?? 'Thiếu biên bản nghiệm thu',
      });
    r = await ok('PATCH', `/api/payment-approval/accept/${r.id}`, approver, {
      version: r.version,
      ...(decisionNote === undefined ? {} : { note: decisionNote }),
    });
    if (state === 'accepted') return r;
    return ok('PATCH', `/api/payment-transaction/require-paid/${r.id}`, payer ?? preparer, {
      version: r.version,
    });
  }

  return {
    lookup,
    company,
    project,
    construction,
    contractor,
    payee,
    contractInput,
    contract,
    requestInput,
    request,
  };
}

export type Factories = ReturnType<typeof factories>;
