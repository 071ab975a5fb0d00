/**
 * Bench data for the payment lists (docs/product.md#performance-budgets): contractors (the `constructor`
 * table) and their beneficiaries, contracts over the generated constructions, and payment requests over the
 * contracts, as `TableGenerator`s that bench/generate.ts loads after its own tables.
 *
 * What makes the payment requests realistic enough to bench:
 * - each contract has requests 1…n (`requirement_no`), its `last_requirement_no` is n, and the
 *   number of requests follows how long the contract has been running (0 for some, 20 on average);
 * - rows are inserted in date order over three years (ending PAY_END), as an office writes them,
 *   so one construction's requests are spread over the whole table, not clustered;
 * - payment codes from the seeded payment types: an advance (TU) first in most contracts, progress
 *   payments (TD) after, a settlement (QT) and a warranty release (BH) at the end of finished ones;
 *   the transaction type follows the code and its `pay_date` (debt age) is copied, due = date + it;
 * - approval status by age: the newest fifth of the requests holds most of the open (O) and waiting
 *   (W) ones; overall O 10 %, W 8 %, A 77 % (89 % of them paid), R 5 %; deactivated (C, 2 %) and
 *   deleted (D, 1 %) requests only in O or R, where the workflow allows it;
 * - amounts are exact NUMERIC strings in whole thousands of đồng, shares of the contract's value;
 * - construction, contractor and company are copied from the contract; the creator is one of 40
 *   accountants (nv0011…nv0050), the approver the bench director (nv0001);
 * - `search_text` folds the fields the server's `paymentKind.searchFields` names (the contract's
 *   number, the contractor's code and name, the construction's code are read with the contract).
 * - contract annexes (0.6 per contract on average, most adding value, a few taking some away), so
 *   that the contract reports' values include annexes as in real use.
 *
 * The generated user nv0001 is also made a director with a company scope (`addBenchDirector`): the
 * approval queue is benched as that user, not as admin.
 */

import { holderMatches } from '@sitepay/domain/payee-name';
import { requestCode } from '@sitepay/domain/payment-workflow';
import { foldSearchText } from '@sitepay/domain/search-text';
import { beneficiaryKind, constructorKind } from '../server/src/modules/constructor/constructor.resources.ts';
import { contractKind } from '../server/src/modules/contract/contract.resource.ts';
import { paymentKind } from '../server/src/modules/payment/payment.resource.ts';
import {
  address,
  brand,
  COMPANY_CODE,
  companyForms,
  ids,
  provinces,
  type Rng,
  recordColumns,
  type Sink,
  searchText,
  sectors,
  slug,
  type TableGenerator,
  tableExists,
  taxCode,
} from './generate.ts';

// ---------------------------------------------------------------- time, money, small helpers

const DAY_MS = 86_400_000;
/** The last payment date generated: fixed, so that a seed gives the same data on any day. */
export const PAY_END = Date.UTC(2026, 10, 20);
const WINDOW_DAYS = 3 * 365 + 1;
const PAY_START = PAY_END - WINDOW_DAYS * DAY_MS;
/** Day numbers count from PAY_START; contracts may start a few months before it. */
const isoDay = (day: number) => new Date(PAY_START + day * DAY_MS).toISOString().slice(0, 10);
const instantMs = (day: number, minutes: number) => PAY_START + day * DAY_MS + minutes * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Office hours in Vietnam (UTC+7), 7:30–17:30, as minutes after midnight UTC. */
const officeMinutes = (r: Rng) => r.int(30, 630);

/** Whole đồng → the API's decimal string. Every amount here is a whole number of đồng. */
const money = (dong: number) => `${dong}.00`;
const thousands = (dong: number) => Math.max(1000, Math.round(dong / 1000) * 1000);

/** One key of `weights`, with the probability of its weight. */
function weighted<K extends string>(r: Rng, weights: Record<K, number>): K {
  const items = Object.entries(weights) as [K, number][];
  let u = r.next() * items.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of items) {
    u -= w;
    if (u < 0) return item;
  }
  return items[items.length - 1]![0];
}

const byCode = async (sink: Sink, table: string, columns = 'id, code') =>
  new Map(
    (await sink.query(`select ${columns} from "${table}" where status = 'O' order by id`)).rows.map((row) => [
      String(row.code),
      row,
    ]),
  );

const need = <T>(map: Map<string, T>, code: string, table: string): T => {
  const v = map.get(code);
  if (!v) throw new Error(`bench: the seeded ${table} "${code}" is missing`);
  return v;
};

const stampsBetween = (r: Rng, firstMs: number, lastMs: number): [string, string] => {
  const created = firstMs + Math.floor(r.next() * Math.max(1, lastMs - firstMs));
  const updated = r.chance(0.6) ? created : created + Math.floor(r.next() * 180 * DAY_MS);
  return [iso(created), iso(Math.min(updated, PAY_END))];
};

// ---------------------------------------------------------------- contractors and beneficiaries

export const CONSTRUCTOR_CODE = 'NT-';
const constructorCode = (i: number) => `${CONSTRUCTOR_CODE}${String(i + 1).padStart(5, '0')}`;

let constructorTypes = new Map<string, { id: number }>();
export const constructors: TableGenerator = {
  table: 'constructor',
  columns: [
    ...recordColumns,
    ['code', 'varchar'],
    ['name', 'varchar'],
    ['tax_code', 'varchar'],
    ['address', 'varchar'],
    ['phone', 'varchar'],
    ['email', 'varchar'],
    ['constructor_type_id', 'int'],
    ['note', 'text'],
  ],
  count: (s) => s.constructors,
  async prepare(sink) {
    constructorTypes = await byCode(sink, 'constructor_type');
  },
  row(i, r) {
    const p = r.chance(0.5) ? provinces[0]! : r.chance(0.5) ? provinces[1]! : r.pick(provinces);
    const b = brand(r);
    const row = {
      code: constructorCode(i),
      name: `${r.pick(companyForms)} ${r.pick(sectors)} ${b}`,
      tax_code: taxCode(r, p.tax),
      address: address(r, p),
      phone: `${p.area} ${r.int(3000, 3999)} ${r.int(1000, 9999)}`,
      email: r.chance(0.85) ? `ketoan@${slug(b)}${i + 1}.vn` : null,
      note: r.chance(0.05) ? 'Nhà thầu đã làm việc nhiều năm, hồ sơ năng lực đầy đủ' : null,
    };
    const type = weighted(r, { CHINH: 30, PHU: 40, NCC: 25, TV: 5 });
    const [created, updated] = stampsBetween(r, PAY_START - 900 * DAY_MS, PAY_START);
    return [
      r.chance(0.03) ? 'C' : 'O',
      updated === created ? 0 : r.int(1, 3),
      created,
      updated,
      'admin',
      'admin',
      searchText(constructorKind.searchFields, row),
      row.code,
      row.name,
      row.tax_code,
      row.address,
      row.phone,
      row.email,
      constructorTypes.get(type)?.id ?? null,
      row.note,
    ];
  },
};

let contractorIds: number[] = [];
let contractorNames: string[] = [];
let bankIds: number[] = [];
/** One beneficiary per contractor (its own account), and a second (a branch) for 30 % of them. */
export const beneficiaries: TableGenerator = {
  table: 'beneficiary',
  columns: [
    ...recordColumns,
    ['constructor_id', 'int'],
    ['name', 'varchar'],
    ['bank_id', 'int'],
    ['account_number', 'varchar'],
    ['branch', 'varchar'],
    ['holder_mismatch', 'bool'],
  ],
  count: (s) => s.constructors + Math.round(s.constructors * 0.3),
  async prepare(sink) {
    const { rows } = await sink.query(`select id, name from "constructor" where code like $1 order by code`, [
      `${CONSTRUCTOR_CODE}%`,
    ]);
    contractorIds = rows.map((row) => Number(row.id));
    contractorNames = rows.map((row) => String(row.name));
    bankIds = [...(await byCode(sink, 'bank')).values()].map((row) => Number((row as { id: number }).id));
  },
  row(i, r) {
    const n = contractorIds.length;
    const c = i < n ? i : r.int(0, n - 1);
    const p = r.pick(provinces);
    const row = {
      name: i < n ? contractorNames[c]! : `${contractorNames[c]!} - Chi nhánh ${p.name}`,
      // unique per bank because i is unique
      account_number: `${r.int(100, 999)}${String(i + 1).padStart(7, '0')}${r.int(10, 99)}`,
      branch: `Chi nhánh ${p.name}`,
    };
    const [created, updated] = stampsBetween(r, PAY_START - 800 * DAY_MS, PAY_START);
    return [
      'O',
      0,
      created,
      updated,
      'admin',
      'admin',
      searchText(beneficiaryKind.searchFields, row),
      contractorIds[c],
      row.name,
      r.pick(bankIds),
      row.account_number,
      row.branch,
      // checked as the app checks a payee it writes (never left for the start-up check)
      !holderMatches(row.name, contractorNames[c]),
    ];
  },
};

// ---------------------------------------------------------------- contracts

/** What the payment requests need to know of each contract, by the contract's generation index. */
type ContractPlan = {
  construction: Int32Array;
  contractor: Int32Array;
  signed: Int32Array;
  end: Int32Array;
  /** Its number of payment requests. */
  n: Int32Array;
  /** Share of the value paid as an advance (request 1), 0 for none. */
  advance: Float32Array;
  /** 1: settled (a QT request near the end); 2: and a warranty release (BH) last. */
  closing: Uint8Array;
};
let contractPlan: ContractPlan | null = null;

export const CONTRACT_NO = 'HĐ-';
const contractIndexOf = (contractNo: string) =>
  Number(contractNo.slice(CONTRACT_NO.length, CONTRACT_NO.length + 6)) - 1;

/**
 * Decides, for every contract, its construction, contractor, signing and end days, and how many
 * payment requests it gets: in proportion to the days it has been running, times a random factor,
 * rounded so that the numbers add up to exactly `total`.
 */
function planContracts(r: Rng, count: number, constructions: number, contractors: number, total: number) {
  const plan: ContractPlan = {
    construction: new Int32Array(count),
    contractor: new Int32Array(count),
    signed: new Int32Array(count),
    end: new Int32Array(count),
    n: new Int32Array(count),
    advance: new Float32Array(count),
    closing: new Uint8Array(count),
  };
  // some constructions are much bigger than others
  const cumulative: number[] = [];
  let sum = 0;
  for (let c = 0; c < constructions; c++) {
    sum += 0.3 + 2 * r.next() ** 2;
    cumulative.push(sum);
  }
  const weights = new Float64Array(count);
  let weightSum = 0;
  for (let i = 0; i < count; i++) {
    const u = r.next() * sum;
    let lo = 0;
    let hi = constructions - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    plan.construction[i] = lo;
    plan.contractor[i] = Math.floor(contractors * r.next() ** 1.8); // a few contractors win many
    plan.signed[i] = r.int(-90, WINDOW_DAYS - 30);
    plan.end[i] = plan.signed[i]! + r.int(90, 900);
    const running = Math.max(5, Math.min(plan.end[i]!, WINDOW_DAYS) - plan.signed[i]! - 10);
    weights[i] = running * (0.5 + r.next());
    weightSum += weights[i]!;
  }
  let cum = 0;
  let given = 0;
  for (let i = 0; i < count; i++) {
    cum += (weights[i]! * total) / weightSum;
    const upTo = i === count - 1 ? total : Math.round(cum);
    plan.n[i] = upTo - given;
    given = upTo;
    const n = plan.n[i]!;
    plan.advance[i] = n >= 3 && r.chance(0.6) ? 0.1 + 0.1 * r.next() : 0;
    const settled = plan.end[i]! <= WINDOW_DAYS && n >= 2 && r.chance(0.7);
    plan.closing[i] = settled ? (n >= 4 && r.chance(0.4) ? 2 : 1) : 0;
  }
  return plan;
}

const contractNotes: Record<string, readonly string[]> = {
  TC: ['Thi công phần móng', 'Thi công phần thân', 'Thi công phần hoàn thiện', 'Thi công hạ tầng kỹ thuật'],
  VT: [
    'Cung cấp thép xây dựng',
    'Cung cấp bê tông thương phẩm',
    'Cung cấp thiết bị điện',
    'Cung cấp cửa nhôm kính',
  ],
  TK: ['Tư vấn thiết kế bản vẽ thi công'],
  GS: ['Tư vấn giám sát thi công xây dựng'],
  TM: ['Thuê cần trục tháp', 'Thuê máy xúc và xe vận chuyển', 'Thuê vận thăng và giàn giáo'],
  EPC: ['Tổng thầu thiết kế, cung cấp thiết bị và thi công'],
};

let constructionRows: { id: number; company_id: number | null }[] = [];
let contractTypes = new Map<string, { id: number; code: string }>();
let taxes = new Map<string, { id: number; code: string; value: string }>();
let beneficiaryOf = new Map<number, number>();

export const contracts: TableGenerator = {
  table: 'contract',
  columns: [
    ...recordColumns,
    ['contract_no', 'varchar'],
    ['contract_type_id', 'int'],
    ['construction_id', 'int'],
    ['constructor_id', 'int'],
    ['beneficiary_id', 'int'],
    ['company_id', 'int'],
    ['signed_date', 'date'],
    ['amount_before_vat', 'numeric'],
    ['tax_id', 'int'],
    ['vat_rate', 'numeric'],
    ['vat_amount', 'numeric'],
    ['amount_vat', 'numeric'],
    ['settlement_amount', 'numeric'],
    ['retention_percent', 'numeric'],
    ['retention_amount', 'numeric'],
    ['retention_release_date', 'date'],
    ['penalty_amount', 'numeric'],
    ['note', 'text'],
    ['last_requirement_no', 'int'],
  ],
  count: (s) => s.contracts,
  async prepare(sink, { scale, r }) {
    constructionRows = (
      await sink.query(
        `select c.id, p.company_id from construction c left join project p on p.id = c.project_id
          where c.code like 'CTR-%' order by c.code`,
      )
    ).rows.map((row) => ({
      id: Number(row.id),
      company_id: row.company_id === null ? null : Number(row.company_id),
    }));
    contractorIds = await ids(sink, 'constructor', CONSTRUCTOR_CODE);
    beneficiaryOf = new Map();
    for (const row of (await sink.query('select id, constructor_id from beneficiary order by id')).rows) {
      if (!beneficiaryOf.has(Number(row.constructor_id)))
        beneficiaryOf.set(Number(row.constructor_id), Number(row.id));
    }
    contractTypes = await byCode(sink, 'contract_type');
    taxes = await byCode(sink, 'tax', 'id, code, value::text');
    if (!constructionRows.length || !contractorIds.length)
      throw new Error('bench: contracts need the generated constructions and contractors');
    contractPlan = planContracts(
      r,
      scale.contracts,
      constructionRows.length,
      contractorIds.length,
      scale.paymentRequests,
    );
  },
  row(i, r) {
    const plan = contractPlan!;
    const construction = constructionRows[plan.construction[i]!]!;
    const contractorId = contractorIds[plan.contractor[i]!]!;
    const type = need(
      contractTypes,
      weighted(r, { TC: 45, VT: 25, TK: 5, GS: 5, TM: 10, EPC: 10 }),
      'contract type',
    );
    const tax = need(taxes, weighted(r, { VAT10: 60, VAT8: 25, VAT5: 5, VAT0: 5, KCT: 5 }), 'tax');
    // 50 million to 50 billion đồng, log-uniform; whole thousands, so the VAT is whole đồng
    const before = thousands(10 ** (7.7 + 3 * r.next()));
    const rate = Number(tax.value);
    const vat = (before * rate) / 100;
    const amountVat = before + vat;
    const guaranteePercent = Number(weighted(r, { '5': 70, '3': 15, '10': 5, '0': 10 }));
    const settled = plan.closing[i]! > 0;
    const signed = plan.signed[i]!;
    const n = plan.n[i]!;
    const row = {
      contract_no: `${CONTRACT_NO}${String(i + 1).padStart(6, '0')}/${isoDay(signed).slice(0, 4)}/${type.code}`,
      note: `${r.pick(contractNotes[type.code] ?? ['Hợp đồng'])}`,
    };
    const createdMs = instantMs(signed, officeMinutes(r));
    const updatedMs = r.chance(0.5) ? createdMs : createdMs + r.int(1, 200) * DAY_MS;
    return [
      n === 0 && r.chance(0.25) ? 'D' : n > 0 && r.chance(0.03) ? 'C' : 'O',
      updatedMs === createdMs ? 0 : r.int(1, 4),
      iso(createdMs),
      iso(Math.min(updatedMs, PAY_END)),
      'admin',
      'admin',
      searchText(contractKind.searchFields, row),
      row.contract_no,
      type.id,
      construction.id,
      contractorId,
      r.chance(0.9) ? (beneficiaryOf.get(contractorId) ?? null) : null,
      construction.company_id,
      isoDay(signed),
      money(before),
      tax.id,
      tax.value,
      money(vat),
      money(amountVat),
      settled ? money(thousands(amountVat * (0.95 + 0.05 * r.next()))) : null,
      guaranteePercent ? `${guaranteePercent}.00` : null,
      guaranteePercent ? money(Math.round((amountVat * guaranteePercent) / 100)) : null,
      settled ? isoDay(plan.end[i]! + 365) : null,
      r.chance(0.03) ? money(thousands(amountVat * 0.001 * r.int(1, 10))) : null,
      row.note,
      n,
    ];
  },
};

// ---------------------------------------------------------------- payment requests

type ContractRow = {
  id: number;
  contract_no: string;
  construction_id: number;
  constructor_id: number;
  company_id: number | null;
  amount_vat: string;
  guarantee: string | null;
  settlement: string | null;
  constructor_code: string;
  constructor_name: string;
  construction_code: string;
  bank_id: number | null;
  bank_name: string | null;
  account_number: string | null;
  holder: string | null;
};
type User = { id: number; user_name: string; department_id: number | null };

/** The requests in insertion (date) order: their contract's index, number and day. */
let schedule: { contract: Int32Array; k: Int32Array; day: Int32Array } | null = null;
let contractRows: ContractRow[] = [];
let transactionTypes = new Map<string, { id: number; pay_date: number }>();
let accountants: User[] = [];
let director: User | null = null;

/** The transaction type each payment code is written with. */
const transactionTypeOf = { TU: 'TU', TD: 'KL', QT: 'QT', BH: 'BH' } as const;
type PaymentCode = keyof typeof transactionTypeOf;

const progressItems = ['phần móng', 'phần thân', 'phần hoàn thiện', 'hệ thống M&E', 'hạ tầng kỹ thuật'];
const rejectReasons = [
  'Thiếu biên bản nghiệm thu khối lượng',
  'Hóa đơn GTGT chưa đúng thông tin',
  'Giá trị đề nghị vượt khối lượng nghiệm thu',
  'Chưa có bảo lãnh tạm ứng',
];

/**
 * Days of every request, in date order: request k of a contract falls at (k − 1 + u) / n of its
 * running time (u in 0.2…0.8), so numbers and dates rise together within a contract. A counting
 * sort by day, stable, keeps the contracts' order among requests of one day.
 */
function scheduleRequests(r: Rng, plan: ContractPlan, total: number) {
  const FIRST = -200;
  const days = WINDOW_DAYS - FIRST + 1;
  const perDay = new Int32Array(days + 1);
  const unsorted = { contract: new Int32Array(total), k: new Int32Array(total), day: new Int32Array(total) };
  let at = 0;
  for (let c = 0; c < plan.n.length; c++) {
    const n = plan.n[c]!;
    const start = plan.signed[c]! + 10;
    const running = Math.max(5, Math.min(plan.end[c]!, WINDOW_DAYS) - start);
    for (let k = 1; k <= n; k++) {
      const day = Math.min(WINDOW_DAYS, start + Math.floor((running * (k - 1 + 0.2 + 0.6 * r.next())) / n));
      unsorted.contract[at] = c;
      unsorted.k[at] = k;
      unsorted.day[at] = day;
      perDay[day - FIRST + 1]!++;
      at++;
    }
  }
  if (at !== total) throw new Error(`bench: ${at} payment requests planned, ${total} asked for`);
  for (let d = 1; d <= days; d++) perDay[d]! += perDay[d - 1]!;
  const sorted = { contract: new Int32Array(total), k: new Int32Array(total), day: new Int32Array(total) };
  for (let i = 0; i < total; i++) {
    const to = perDay[unsorted.day[i]! - FIRST]!++;
    sorted.contract[to] = unsorted.contract[i]!;
    sorted.k[to] = unsorted.k[i]!;
    sorted.day[to] = unsorted.day[i]!;
  }
  return sorted;
}

const codeOf = (plan: ContractPlan, c: number, k: number): PaymentCode => {
  const n = plan.n[c]!;
  const closing = plan.closing[c]!;
  if (k === 1 && plan.advance[c]! > 0) return 'TU';
  if (closing === 2 && k === n) return 'BH';
  if (closing > 0 && k === n - (closing === 2 ? 1 : 0)) return 'QT';
  return 'TD';
};

/** Progress requests of a contract: all but the advance, the settlement and the warranty release. */
const progressCount = (plan: ContractPlan, c: number) =>
  Math.max(1, plan.n[c]! - (plan.advance[c]! > 0 ? 1 : 0) - plan.closing[c]!);

/** The request numbers given so far, per company and year (`<company>:<year>`). */
let requestNumbers: Map<string, number> | undefined;
const VIETNAM_OFFSET_MS = 7 * 3_600_000;

export const paymentRequests: TableGenerator = {
  table: 'payment_transaction',
  columns: [
    ...recordColumns,
    ['contract_id', 'int'],
    ['construction_id', 'int'],
    ['constructor_id', 'int'],
    ['company_id', 'int'],
    ['code', 'varchar'],
    ['code_year', 'int2'],
    ['code_no', 'int'],
    ['requirement_no', 'int'],
    ['payment_code', 'varchar'],
    ['transaction_type_id', 'int'],
    ['pay_date', 'int'],
    ['date', 'date'],
    ['due_date', 'date'],
    ['amount', 'numeric'],
    ['paid_amount', 'numeric'],
    ['invoice_amount', 'numeric'],
    ['settlement_amount', 'numeric'],
    ['guarantee_amount', 'numeric'],
    ['penalty_amount', 'numeric'],
    ['advance_recovery', 'numeric'],
    ['note', 'text'],
    ['internal_note', 'text'],
    ['is_priority', 'bool'],
    ['department_id', 'int'],
    ['director_id', 'int'],
    ['user_id', 'int'],
    ['approval_status', 'varchar'],
    ['payment_status', 'varchar'],
    ['template', 'varchar'],
    ['bank_id', 'int'],
    ['bank_name', 'varchar'],
    ['account_number', 'varchar'],
    ['account_holder', 'varchar'],
    ['holder_mismatch', 'bool'],
    ['sent_at', 'timestamptz'],
    ['decided_at', 'timestamptz'],
    ['decided_by', 'varchar'],
    ['decision_note', 'text'],
    ['paid_at', 'timestamptz'],
    ['paid_by', 'varchar'],
  ],
  count: (s) => s.paymentRequests,
  async prepare(sink, { scale, r }) {
    if (!contractPlan || contractPlan.n.length !== scale.contracts)
      throw new Error('bench: payment requests need the contracts generated in the same run');
    const { rows } = await sink.query(
      `select k.id, k.contract_no, k.construction_id, k.constructor_id, k.company_id,
              k.amount_vat::text as amount_vat, k.retention_amount::text as guarantee,
              k.settlement_amount::text as settlement, n.code as constructor_code,
              n.name as constructor_name, ct.code as construction_code,
              b.bank_id, bk.name as bank_name, b.account_number, b.name as holder
         from contract k join "constructor" n on n.id = k.constructor_id
         join construction ct on ct.id = k.construction_id
         left join beneficiary b on b.id = k.beneficiary_id
         left join bank bk on bk.id = b.bank_id
        where k.contract_no like $1`,
      [`${CONTRACT_NO}%`],
    );
    contractRows = new Array(scale.contracts);
    for (const row of rows) contractRows[contractIndexOf(row.contract_no)] = row as ContractRow;
    transactionTypes = new Map(
      [...(await byCode(sink, 'transaction_type', 'id, code, pay_date')).entries()].map(([code, row]) => [
        code,
        { id: Number(row.id), pay_date: Number(row.pay_date) },
      ]),
    );
    const users = (
      await sink.query(
        `select id, user_name, department_id from app_user where user_name like 'nv%' order by user_name`,
      )
    ).rows as User[];
    director = users[0] ?? null;
    accountants = users.slice(10, 50);
    if (!accountants.length) accountants = users;
    if (!accountants.length) throw new Error('bench: payment requests need the generated users');
    schedule = scheduleRequests(r, contractPlan, scale.paymentRequests);
    requestNumbers = new Map();
  },
  row(i, r) {
    const plan = contractPlan!;
    const s = schedule!;
    const c = s.contract[i]!;
    const k = s.k[i]!;
    const day = s.day[i]!;
    const contract = contractRows[c]!;
    const code = codeOf(plan, c, k);
    const tt = need(transactionTypes, transactionTypeOf[code], 'transaction type');
    const value = Number(contract.amount_vat);
    const progress = progressCount(plan, c);
    const advance = plan.advance[c]!;
    const amount =
      code === 'TU'
        ? thousands(value * advance)
        : code === 'TD'
          ? thousands((((0.8 - advance) * value) / progress) * (0.9 + 0.2 * r.next()))
          : code === 'QT'
            ? thousands(value * (0.05 + 0.03 * r.next()))
            : thousands(Number(contract.guarantee ?? value * 0.05));
    const note =
      code === 'TU'
        ? `Tạm ứng ${Math.round(advance * 100)}% giá trị hợp đồng ${contract.contract_no}`
        : code === 'TD'
          ? `Thanh toán khối lượng hoàn thành đợt ${k - (advance > 0 ? 1 : 0)} - ${r.pick(progressItems)}`
          : code === 'QT'
            ? 'Quyết toán hợp đồng, thanh toán giá trị còn lại'
            : 'Hoàn trả tiền giữ lại bảo hành công trình';

    // the newest fifth of the requests holds most of those still in the workflow
    const recent = i >= s.day.length * 0.8;
    const approval = recent
      ? weighted(r, { O: 35, W: 25, A: 30, R: 10 })
      : weighted(r, { O: 3.75, W: 3.75, A: 88.75, R: 3.75 });
    const paid = approval === 'A' && r.chance(recent ? 0.5 : 0.92);
    const editable = approval === 'O' || approval === 'R';
    const u = r.next();
    const status = editable && u < 0.0667 ? 'D' : editable && u < 0.2 ? 'C' : 'O';

    const user = r.pick(accountants);
    const createdMs = instantMs(day, officeMinutes(r));
    const sentMs = approval === 'O' ? null : createdMs + r.int(60, 2 * 1440) * 60_000;
    const decidedMs = approval === 'A' || approval === 'R' ? sentMs! + r.int(120, 5 * 1440) * 60_000 : null;
    const paidMs = paid
      ? Math.min(decidedMs! + r.int(2 * 1440, 20 * 1440) * 60_000, PAY_END + 2 * DAY_MS)
      : null;
    const updatedMs = Math.max(createdMs, sentMs ?? 0, decidedMs ?? 0, paidMs ?? 0);
    const moves = (sentMs ? 1 : 0) + (decidedMs ? 1 : 0) + (paidMs ? 1 : 0) + (status === 'O' ? 0 : 1);
    const accepted = approval === 'A';
    // the company's next number of the year of creation (Vietnam's time), as the server gives it
    const year = new Date(createdMs + VIETNAM_OFFSET_MS).getUTCFullYear();
    const counter = `${contract.company_id ?? 0}:${year}`;
    const no = (requestNumbers!.get(counter) ?? 0) + 1;
    requestNumbers!.set(counter, no);
    const requestNo = requestCode(year, no);
    return [
      status,
      moves,
      iso(createdMs),
      iso(updatedMs),
      user.user_name,
      paid ? user.user_name : decidedMs ? (director?.user_name ?? 'admin') : user.user_name,
      searchText(paymentKind.searchFields, { ...contract, code: requestNo, requirement_no: k, note }),
      contract.id,
      contract.construction_id,
      contract.constructor_id,
      contract.company_id,
      requestNo,
      year,
      no,
      k,
      code,
      tt.id,
      tt.pay_date,
      isoDay(day),
      isoDay(day + tt.pay_date),
      money(amount),
      paid ? money(amount) : '0',
      code === 'TD' || code === 'QT' ? (r.chance(0.8) ? money(amount) : null) : null,
      code === 'QT' ? contract.settlement : null,
      code === 'QT' ? contract.guarantee : null,
      r.chance(0.01) ? money(thousands(amount * 0.01)) : null,
      code === 'TD' && advance > 0 ? money(thousands((value * advance) / progress)) : null,
      note,
      r.chance(0.05) ? 'Ưu tiên chuyển khoản trước ngày 25' : null,
      r.chance(0.05),
      user.department_id,
      director && r.chance(0.6) ? director.id : null,
      user.id,
      approval,
      paid ? 'P' : 'O',
      'v1',
      accepted ? contract.bank_id : null,
      accepted ? contract.bank_name : null,
      accepted ? contract.account_number : null,
      accepted ? contract.holder : null,
      accepted ? !holderMatches(contract.holder, contract.constructor_name) : null,
      sentMs ? iso(sentMs) : null,
      decidedMs ? iso(decidedMs) : null,
      decidedMs ? (director?.user_name ?? 'admin') : null,
      approval === 'R' ? r.pick(rejectReasons) : accepted && r.chance(0.2) ? 'Đồng ý thanh toán' : null,
      paidMs ? iso(paidMs) : null,
      paidMs ? user.user_name : null,
    ];
  },
};

// ---------------------------------------------------------------- contract annexes

/** Live contracts by generation index, read back for the annexes: id, signing day, value. */
let annexPlan: { contract: Int32Array; no: Int32Array } | null = null;
let annexContracts: { id: number; amount_vat: number; signed: number }[] = [];
const annexNotes = {
  up: [
    'Bổ sung khối lượng phát sinh',
    'Điều chỉnh đơn giá vật liệu',
    'Bổ sung hạng mục theo thiết kế điều chỉnh',
  ],
  down: ['Giảm khối lượng không thực hiện', 'Cắt giảm hạng mục theo yêu cầu chủ đầu tư'],
};

/**
 * Annexes (`contract_annex`): 0.6 per contract on average (about 45 % of the live contracts have
 * one or more, numbered PL-01, PL-02… within the contract), signed after their contract. Most add
 * 3–25 % of the contract's value; one in six takes away 1–5 %, and only on a contract not settled
 * (its requests stay under its value); 2 % are deleted. The contract reports sum them into the
 * contract value.
 */
export const contractAnnexes: TableGenerator = {
  table: 'contract_annex',
  columns: [
    ...recordColumns,
    ['contract_id', 'int'],
    ['annex_no', 'varchar'],
    ['note', 'text'],
    ['amount', 'numeric'],
    ['signed_date', 'date'],
  ],
  count: (s) => Math.round(s.contracts * 0.6),
  async prepare(sink, { scale, r }) {
    if (!contractPlan || contractPlan.n.length !== scale.contracts)
      throw new Error('bench: contract annexes need the contracts generated in the same run');
    const { rows } = await sink.query(
      `select id, contract_no, amount_vat::text as amount_vat, status from contract where contract_no like $1`,
      [`${CONTRACT_NO}%`],
    );
    annexContracts = new Array(scale.contracts);
    const live: number[] = [];
    for (const row of rows) {
      const c = contractIndexOf(row.contract_no);
      annexContracts[c] = {
        id: Number(row.id),
        amount_vat: Number(row.amount_vat),
        signed: contractPlan.signed[c]!,
      };
      if (row.status !== 'D') live.push(c);
    }
    live.sort((a, b) => a - b);
    const count = Math.round(scale.contracts * 0.6);
    const contract = new Int32Array(count);
    for (let i = 0; i < count; i++) contract[i] = live.length ? live[Math.floor(r.next() * live.length)]! : 0;
    contract.sort();
    const no = new Int32Array(count);
    for (let i = 0; i < count; i++) no[i] = i > 0 && contract[i] === contract[i - 1] ? no[i - 1]! + 1 : 1;
    annexPlan = { contract, no };
  },
  row(i, r) {
    const plan = contractPlan!;
    const c = annexPlan!.contract[i]!;
    const k = annexContracts[c]!;
    const down = plan.closing[c] === 0 && r.chance(1 / 6);
    const amount = down
      ? -thousands(k.amount_vat * (0.01 + 0.04 * r.next()))
      : thousands(k.amount_vat * (0.03 + 0.22 * r.next()));
    const last = Math.max(k.signed + 31, Math.min(plan.end[c]!, WINDOW_DAYS));
    const day = Math.min(WINDOW_DAYS, r.int(k.signed + 30, last));
    const row = {
      annex_no: `PL-${String(annexPlan!.no[i]).padStart(2, '0')}`,
      note: r.pick(down ? annexNotes.down : annexNotes.up),
    };
    const createdMs = instantMs(day, officeMinutes(r));
    return [
      r.chance(0.02) ? 'D' : 'O',
      0,
      iso(createdMs),
      iso(createdMs),
      'admin',
      'admin',
      searchText(['annex_no', 'note'], row),
      k.id,
      row.annex_no,
      row.note,
      money(amount),
      isoDay(day),
    ];
  },
};

export const paymentTables: TableGenerator[] = [
  constructors,
  beneficiaries,
  contracts,
  paymentRequests,
  contractAnnexes,
];

// ---------------------------------------------------------------- the bench director

export const BENCH_DIRECTOR = 'nv0001';
export const BENCH_SCOPE_ROLE = 'SCOPE_BENCH';

/**
 * Makes the generated user nv0001 a director (ROLE_DIRECTOR) whose data scope is one company (a
 * role carrying `company_id`): the owner company with the most generated constructions. The
 * approval queue is benched as this user. Returns a line saying who and what, or null if the
 * tables are not there.
 */
export async function addBenchDirector(sink: Sink): Promise<string | null> {
  if (!(await tableExists(sink, 'role'))) return null;
  const [owner] = (
    await sink.query(
      `select p.company_id as id, count(*)::int as n, (select code from company where id = p.company_id) as code
         from construction c join project p on p.id = c.project_id
        where c.code like 'CTR-%' and p.company_id is not null
        group by p.company_id order by n desc, p.company_id limit 1`,
    )
  ).rows;
  const [user] = (await sink.query('select id from app_user where user_name = $1', [BENCH_DIRECTOR])).rows;
  if (!owner || !user || !String(owner.code ?? '').startsWith(COMPANY_CODE)) return null;
  await sink.query(
    `insert into role (code, name, company_id, priority, search_text, created_by, updated_by)
     select $1::varchar, $2::varchar, $3::int, 50, $4::text, 'bench', 'bench'
      where not exists (select 1 from role where code = $1 and status <> 'D')`,
    [
      BENCH_SCOPE_ROLE,
      `Phạm vi: ${owner.code}`,
      owner.id,
      foldSearchText(`${BENCH_SCOPE_ROLE} ${owner.code}`),
    ],
  );
  await sink.query(
    `insert into user_role (user_id, role_id)
     select $1::int, r.id from role r where r.code in ('ROLE_DIRECTOR', $2) and r.status <> 'D'
     on conflict do nothing`,
    [user.id, BENCH_SCOPE_ROLE],
  );
  return `director ${BENCH_DIRECTOR}: ROLE_DIRECTOR + ${BENCH_SCOPE_ROLE} (company ${owner.code}, ${owner.n} constructions)`;
}
