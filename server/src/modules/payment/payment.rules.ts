/**
 * The money rules of payment requests, in one place (docs/product.md#contracts-and-money,
 * docs/adr/0035-payable-ceiling-retention-and-advances.md). Every check runs with the contract row locked
 * (contract.totals.ts `lockContract`), so requests racing on one contract queue and each sees what the one
 * before it committed:
 *
 * - the payable ceiling: ordinary requests (all but warranty) never ask more than
 *   (settlement amount, else value incl. annexes) − warranty retention − penalties (bank guarantees
 *   withhold nothing);
 * - warranty retention: warranty requests draw on the contract's retention, only from its
 *   retention_release_date on, and never ask more than the retention;
 * - advances: progress and settlement requests recover advance (`advance_recovery`, entered and
 *   capped by what is outstanding); a settlement request is refused while advance is unrecovered;
 * - the contract must be active, its construction open and active, its contractor and beneficiary
 *   active: a request is paid to that beneficiary's account.
 */
import { addAmounts, compareAmounts, subtractAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import { paymentKindOf } from '@sitepay/domain/payment.schema';
import { requestCode } from '@sitepay/domain/payment-workflow';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { addDays, businessToday } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  bank,
  beneficiary,
  construction,
  constructorTable,
  contract,
  department,
  documentAttachment,
  paymentTransaction,
  paymentType,
  transactionType,
} from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { fieldError, HttpError, unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { findRecord } from '../../http/records.ts';
import { contractKind } from '../contract/contract.resource.ts';
import {
  ceilingOf,
  contractMoney,
  lockContract,
  paymentSums,
  retentionOf,
} from '../contract/contract.totals.ts';

const money = (v: string) => `${formatAmount(v)} đồng`;

type ContractState = {
  id: number;
  contract_no: string;
  status: string;
  construction_id: number;
  constructor_id: number;
  company_id: number | null;
  beneficiary_id: number | null;
  construction_status: string;
  closed: boolean;
  construction_code: string;
  constructor_status: string;
  constructor_code: string;
  constructor_name: string;
  beneficiary_status: string | null;
  beneficiary_name: string | null;
  bank_id: number | null;
  bank_name: string | null;
  account_number: string | null;
};

/**
 * The contract a request is written against, with what the rules need; 404 outside the scope.
 * `lock` holds its construction and contractor `for share` for the rest of the transaction, so
 * that closing or deactivating them waits for the move that read them open and active (the
 * contract row itself is locked by the caller, `lockContract`).
 */
export async function contractState(
  tx: Tx,
  contractId: number,
  user: CurrentUser,
  lock = false,
): Promise<ContractState> {
  await findRecord(tx, contractKind, contractId, user);
  const [row] = await queryRows<ContractState>(
    tx,
    sql`select c.id, c.contract_no, c.status, c.construction_id, c.constructor_id, c.company_id,
          c.beneficiary_id, cs.status as construction_status, cs.closed, cs.code as construction_code,
          k.status as constructor_status, k.code as constructor_code, k.name as constructor_name,
          b.status as beneficiary_status, b.name as beneficiary_name, b.bank_id,
          bk.name as bank_name, b.account_number
        from ${contract} c
        join ${construction} cs on cs.id = c.construction_id
        join ${constructorTable} k on k.id = c.constructor_id
        left join ${beneficiary} b on b.id = c.beneficiary_id
        left join ${bank} bk on bk.id = b.bank_id
        where c.id = ${contractId}
        ${lock ? sql`for share of cs, k` : sql``}`,
  );
  return row!;
}

/** Why a contract cannot take a payment request now (empty: it can). */
export function contractRefusals(c: ContractState): { code: string; message: string }[] {
  const reasons: { code: string; message: string }[] = [];
  if (c.status !== 'O')
    reasons.push({ code: 'contract_inactive', message: `contract ${c.contract_no} is inactive` });
  if (c.closed) reasons.push({ code: 'construction_closed', message: 'the construction is closed' });
  else if (c.construction_status !== 'O')
    reasons.push({ code: 'construction_inactive', message: 'the construction is inactive' });
  if (c.constructor_status !== 'O')
    reasons.push({ code: 'constructor_inactive', message: `contractor ${c.constructor_code} is inactive` });
  if (!c.beneficiary_id || c.beneficiary_status !== 'O')
    reasons.push({
      code: 'no_beneficiary',
      message: 'the contract names no active beneficiary account to pay',
    });
  return reasons;
}

export function assertContractTakesRequests(c: ContractState) {
  const [first] = contractRefusals(c);
  if (first)
    throw unprocessable(
      `${first.message}: it takes no payment request`,
      `contract_refuses_requests_${first.code}`,
      {
        contract_no: c.contract_no,
        code: c.constructor_code,
      },
    );
}

/**
 * Refuses (422, the reason's plain code: `contract_inactive`, `construction_closed`…) to approve a
 * request whose contract no longer takes requests: deactivated, its construction closed or
 * inactive, its contractor or payee stopped since the request was sent.
 */
export function assertContractPays(c: ContractState) {
  const [first] = contractRefusals(c);
  if (first)
    throw unprocessable(`${first.message}: its waiting requests cannot be approved`, first.code, {
      contract_no: c.contract_no,
      // `code` names the construction or the contractor, as the reason's words do elsewhere
      code: first.code.startsWith('construction_') ? c.construction_code : c.constructor_code,
    });
}

type MoneyInput = {
  contract_id: number;
  payment_code: string;
  amount: string;
  penalty_amount?: string | null;
  advance_recovery?: string | null;
};

/** A contract's advance and warranty position, from its live requests other than `excludeId`. */
export async function contractPosition(tx: Tx, contractId: number, excludeId?: number) {
  const m = (await contractMoney(tx, contractId))!;
  const sums = await paymentSums(tx, contractId, excludeId);
  const retention = retentionOf(m);
  return {
    money: m,
    sums,
    advanceOutstanding: subtractAmounts(sums.advance, sums.recovered),
    retention,
    retentionRemaining: subtractAmounts(retention, sums.requested_warranty),
  };
}

/**
 * The ceiling, warranty and advance rules for a request of `r.amount` on its contract, with the
 * contract row locked first. `excludeId` is the request being edited, sent again or activated.
 */
export async function checkMoneyRules(tx: Tx, r: MoneyInput, excludeId?: number) {
  await lockContract(tx, r.contract_id); // racing writers queue here; what follows reads after them
  const pos = await contractPosition(tx, r.contract_id, excludeId);
  const kind = paymentKindOf(r.payment_code);
  const recovery = r.advance_recovery ?? '0';

  if (kind === 'warranty') {
    if (compareAmounts(pos.retention, '0') <= 0)
      throw unprocessable('the contract holds no warranty retention to release', 'warranty_none');
    const release = pos.money.retention_release_date;
    if (!release || businessToday() < release) {
      throw unprocessable(
        release
          ? `the warranty retention can be requested from ${release.split('-').reverse().join('/')} on`
          : 'the contract has no warranty release date: the retention cannot be requested yet',
        release ? 'warranty_not_yet' : 'warranty_no_date',
        release ? { date: release } : {},
      );
    }
    if (compareAmounts(r.amount, pos.retentionRemaining) > 0)
      throw unprocessable(
        `the amount exceeds the warranty retention left to release: ${money(pos.retentionRemaining)} remain`,
        'warranty_exceeded',
        { remaining: pos.retentionRemaining },
      );
  } else {
    const ceiling = ceilingOf(pos.money, addAmounts(pos.sums.penalties, r.penalty_amount ?? '0'));
    const remaining = subtractAmounts(ceiling, pos.sums.requested_ordinary);
    if (compareAmounts(r.amount, remaining) > 0) {
      throw unprocessable(
        compareAmounts(remaining, '0') > 0
          ? `the amount exceeds the contract's payable ceiling: ${money(remaining)} remain`
          : `nothing remains payable under the contract's ceiling (${money(remaining)} remain)`,
        compareAmounts(remaining, '0') > 0 ? 'ceiling_exceeded' : 'ceiling_exhausted',
        { remaining },
      );
    }
  }

  if (compareAmounts(recovery, '0') > 0) {
    if (kind === 'advance' || kind === 'warranty')
      throw fieldError('advance_recovery', 'not_allowed_for_payment_type');
    if (compareAmounts(recovery, pos.advanceOutstanding) > 0)
      throw unprocessable(
        `the advance recovered exceeds the advance outstanding: ${money(pos.advanceOutstanding)} outstanding`,
        'advance_recovery_exceeded',
        { outstanding: pos.advanceOutstanding },
      );
  }
  if (kind === 'settlement') {
    const left = subtractAmounts(pos.advanceOutstanding, recovery);
    if (compareAmounts(left, '0') > 0)
      throw unprocessable(
        `a settlement request needs the advance recovered first: ${money(left)} of advance is outstanding`,
        'settlement_advance_outstanding',
        { outstanding: left },
      );
  }
}

/** The transaction type's debt age; 400 on the field when it is not an active type. */
export async function payDateOf(tx: Tx, transactionTypeId: number): Promise<number> {
  const [row] = await tx
    .select({ pay_date: transactionType.pay_date })
    .from(transactionType)
    .where(and(eq(transactionType.id, transactionTypeId), eq(transactionType.status, 'O')));
  if (!row) throw fieldError('transaction_type_id', 'not_found');
  return row.pay_date;
}

export async function assertPaymentCode(tx: Tx, code: string) {
  const [row] = await tx
    .select({ id: paymentType.id })
    .from(paymentType)
    .where(and(sql`upper(${paymentType.code}) = upper(${code})`, eq(paymentType.status, 'O')))
    .limit(1);
  if (!row) throw fieldError('payment_code', 'not_found');
}

/** The documents a transaction type asks for: its own and those asked of every type. */
export async function checklistOf(tx: Tx, transactionTypeId: number) {
  const d = documentAttachment;
  return tx
    .select({
      id: d.id,
      code: d.code,
      name: d.name,
      type: d.type,
      quantity: d.quantity,
      requirement: d.requirement,
    })
    .from(d)
    .where(
      and(eq(d.status, 'O'), or(eq(d.transaction_type_id, transactionTypeId), isNull(d.transaction_type_id))),
    )
    .orderBy(asc(d.ordered), asc(d.name), asc(d.id));
}

/**
 * The receipts of the ticks being written: a document ticked before keeps who ticked it and when,
 * a newly ticked one is stamped with `userName` now, an unticked one loses its receipt.
 */
export function receiptsOf(
  ticked: number[],
  before: Record<string, { by: string; at: string }> | undefined,
  userName: string,
  now = new Date(),
): Record<string, { by: string; at: string }> {
  return Object.fromEntries(
    ticked.map((id) => [String(id), before?.[String(id)] ?? { by: userName, at: now.toISOString() }]),
  );
}

async function checkAttachedDocuments(tx: Tx, ids: number[] | undefined, transactionTypeId: number) {
  if (!ids?.length) return;
  const allowed = new Set((await checklistOf(tx, transactionTypeId)).map((x) => x.id));
  if (ids.some((id) => !allowed.has(id))) throw fieldError('attached_documents', 'not_in_checklist');
}

async function departmentDirector(tx: Tx, departmentId: number | null): Promise<number | null> {
  if (!departmentId) return null;
  const [row] = await tx
    .select({ director_id: department.director_id, status: department.status })
    .from(department)
    .where(eq(department.id, departmentId));
  if (!row || row.status === 'D') throw fieldError('department_id', 'not_found');
  return row.director_id;
}

/**
 * Everything a create or an edit computes before writing: the contract's parties copied onto the
 * request, the due date, department and director defaults, the next requirement number (create),
 * and the money rules. `values` is the input (after the generic field filter), `existing` the
 * stored request on edit.
 */
export async function prepareWrite(tx: Tx, values: Row, existing: Row | undefined, user: CurrentUser) {
  const merged = { ...existing, ...values } as Row;
  let c: ContractState;
  try {
    // the contract first: a deactivation or delete racing with this write waits, or is seen
    await lockContract(tx, merged.contract_id);
    c = await contractState(tx, merged.contract_id, user, true);
  } catch (error) {
    if (!existing && error instanceof HttpError && error.status === 404)
      throw fieldError('contract_id', 'not_found');
    throw error;
  }
  assertContractTakesRequests(c);
  await assertPaymentCode(tx, merged.payment_code);
  values.payment_code = String(merged.payment_code).toUpperCase();
  values.pay_date = await payDateOf(tx, merged.transaction_type_id);
  values.due_date = addDays(merged.date, values.pay_date);
  await checkAttachedDocuments(tx, merged.attached_documents, merged.transaction_type_id);
  // who ticked each document as received on paper, and when (docs/adr/0094-required-documents.md)
  if (values.attached_documents !== undefined)
    values.document_receipts = receiptsOf(
      values.attached_documents,
      existing?.document_receipts,
      user.user_name,
    );
  if (!existing) {
    values.user_id = user.id;
    values.department_id ??= user.department_id;
  }
  const departmentId = values.department_id ?? existing?.department_id ?? null;
  const director = await departmentDirector(tx, departmentId);
  if (!existing || values.department_id !== existing.department_id) values.director_id ??= director;
  Object.assign(values, {
    construction_id: c.construction_id,
    constructor_id: c.constructor_id,
    company_id: c.company_id,
    // searched with the request, not stored on it
    contract_no: c.contract_no,
    constructor_code: c.constructor_code,
    constructor_name: c.constructor_name,
  });
  await checkMoneyRules(
    tx,
    {
      contract_id: merged.contract_id,
      payment_code: values.payment_code,
      amount: merged.amount,
      penalty_amount: merged.penalty_amount,
      advance_recovery: merged.advance_recovery,
    },
    existing?.id,
  );
  if (!existing) {
    values.requirement_no = await nextRequirementNo(tx, merged.contract_id);
    Object.assign(values, await nextRequestCode(tx, c.company_id));
  }
}

/** The advisory lock of a company's request numbers ("YCTT" in ASCII), held to the commit. */
const REQUEST_CODE_LOCK = 0x59435454;

/**
 * Takes the company's next request number of this business year. Creates of one company wait for
 * each other on an advisory lock held to their commit, so no two take the same number; a create
 * that rolls back took none, so there is no gap (docs/adr/0065-request-numbers.md).
 */
async function nextRequestCode(tx: Tx, companyId: number | null) {
  const company = companyId ?? 0;
  const year = Number(businessToday().slice(0, 4));
  await queryRows(tx, sql`select pg_advisory_xact_lock(${REQUEST_CODE_LOCK}, ${company})`);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(max(code_no), 0)::int + 1 as n from ${paymentTransaction}
        where coalesce(company_id, 0) = ${company} and code_year = ${year}`,
  );
  return { code_year: year, code_no: row!.n, code: requestCode(year, row!.n) };
}

/** Takes the next number of the contract (the row is locked already): never given twice. */
async function nextRequirementNo(tx: Tx, contractId: number): Promise<number> {
  const [row] = await tx
    .update(contract)
    .set({ last_requirement_no: sql`${contract.last_requirement_no} + 1` })
    .where(eq(contract.id, contractId))
    .returning({ n: contract.last_requirement_no });
  return row!.n;
}

/** The number the next request of a contract will get (a hint: creation fixes the real one). */
export async function peekRequirementNo(tx: Tx, contractId: number): Promise<number> {
  const [row] = await tx
    .select({ n: contract.last_requirement_no })
    .from(contract)
    .where(eq(contract.id, contractId));
  return (row?.n ?? 0) + 1;
}
