/**
 * The statement back (docs/adr/0097-statement-matching.md): a company account's statement (.xlsx or
 * .csv) read by the bank's column mapping — or the generic headers `date`, `reference`, `debit`,
 * `content` in any order and case — and each debit line matched to a line of an approved batch of
 * that account by the request's number in its content and its amount. A match records the payment
 * through the payment record's own writer (payment-payout.service.ts: its rules, its locks, its
 * history), dated the statement's day with its reference. Lines are known by account, date,
 * reference and amount (a unique key): the same statement again records nothing twice.
 */
import { AMOUNT_PATTERN } from '@sitepay/domain/money';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  bank,
  bankStatementLine,
  bankStatementMapping,
  companyBankAccount,
  paymentBatch,
  paymentBatchLine,
  paymentTransaction,
} from '../../db/schema.ts';
import { checkArchive } from '../../files/archive-guard.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { fieldError, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { companyScope } from '../../http/owner-company.ts';
import { loadExcel } from './bank-file.ts';
import { paymentKind } from './payment.resource.ts';
import { markLinePaid } from './payment-batch.service.ts';
import { recordPayout } from './payment-payout.service.ts';

export const GENERIC_MAPPING = {
  date_header: 'date',
  reference_header: 'reference',
  debit_header: 'debit',
  content_header: 'content',
};
export type StatementMapping = typeof GENERIC_MAPPING;

/** The largest statement taken. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

export type StatementRow = { date: string; reference: string; amount: string; content: string };

/** The account the statement is of, inside the caller's scope: 404 otherwise. */
export async function statementAccount(tx: Tx, id: number, user: CurrentUser) {
  const a = companyBankAccount;
  const [found] = await tx
    .select({ id: a.id, bank_id: a.bank_id, company_id: a.company_id })
    .from(a)
    .where(
      and(
        eq(a.id, id),
        sql`${a.status} <> 'D'`,
        user.isAdmin ? undefined : companyScope(sql`${a.company_id}`, user),
      ),
    );
  if (!found) throw notFound('company bank account');
  return found;
}

export async function mappingOf(tx: Tx, bankId: number): Promise<StatementMapping & { saved: boolean }> {
  const [row] = await tx.select().from(bankStatementMapping).where(eq(bankStatementMapping.bank_id, bankId));
  return row
    ? {
        date_header: row.date_header,
        reference_header: row.reference_header,
        debit_header: row.debit_header,
        content_header: row.content_header,
        saved: true,
      }
    : { ...GENERIC_MAPPING, saved: false };
}

export async function saveMapping(tx: Tx, bankId: number, mapping: StatementMapping, user: CurrentUser) {
  const [found] = await tx.select({ id: bank.id }).from(bank).where(eq(bank.id, bankId));
  if (!found) throw notFound('bank');
  await tx
    .insert(bankStatementMapping)
    .values({ bank_id: bankId, ...mapping, updated_by: user.user_name })
    .onConflictDoUpdate({
      target: bankStatementMapping.bank_id,
      set: {
        ...mapping,
        updated_by: user.user_name,
        updated_at: new Date(),
        version: sql`${bankStatementMapping.version} + 1`,
      },
    });
  return { bank_id: bankId, ...(await mappingOf(tx, bankId)) };
}

// ---------------------------------------------------------------- reading the file

/** A CSV's rows (commas or semicolons, quotes doubled inside quoted fields). */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw fieldError('file', 'malformed');
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

const cellText = (v: unknown): string => {
  if (v == null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return cellText(o.text);
    return '';
  }
  return String(v);
};

async function parseXlsx(bytes: Buffer): Promise<string[][]> {
  try {
    checkArchive(bytes);
  } catch {
    throw fieldError('file', 'malformed');
  }
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(bytes as never);
  } catch {
    throw fieldError('file', 'malformed');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fieldError('file', 'malformed');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map(cellText));
  });
  return rows;
}

/** A statement's date: DD/MM/YYYY (or with dashes or dots) or YYYY-MM-DD, a real day; else null. */
export function statementDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s.*)?$/.exec(t);
  let y: number;
  let mo: number;
  let d: number;
  if (m) [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s].*)?$/.exec(t);
    if (!m) return null;
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * An amount as banks print it: "1.500.000", "1,500,000", "1500000", "1,500,000.00" or
 * "1.500.000,00"; blank or zero is no debit (null). Anything else: null with `bad` set.
 */
export function statementAmount(text: string): string | null | 'bad' {
  let t = text.replace(/\s|VND|đ/gi, '');
  if (t === '' || t === '-') return null;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t)) t = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(t)) t = t.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(t)) t = t.replace(',', '.');
  else if (!/^\d+(\.\d{1,2})?$/.test(t)) return 'bad';
  if (!AMOUNT_PATTERN.test(t)) return 'bad';
  if (!/[1-9]/.test(t)) return null;
  const [whole, cents = ''] = t.split('.');
  return `${whole!.replace(/^0+(?=\d)/, '')}.${cents.padEnd(2, '0')}`;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The debit lines of a statement's rows: the header row found by the mapping's four headers. */
export function statementRows(rows: string[][], mapping: StatementMapping): StatementRow[] {
  const wanted = [
    mapping.date_header,
    mapping.reference_header,
    mapping.debit_header,
    mapping.content_header,
  ].map(norm);
  const headerAt = rows.slice(0, 30).findIndex((r) => wanted.every((h) => r.some((c) => norm(c) === h)));
  if (headerAt < 0) throw fieldError('file', 'statement_headers');
  const header = rows[headerAt]!.map(norm);
  const [di, ri, ai, ci] = wanted.map((h) => header.indexOf(h)) as [number, number, number, number];
  const out: StatementRow[] = [];
  rows.slice(headerAt + 1).forEach((r) => {
    if (r.every((c) => c.trim() === '')) return;
    const amount = statementAmount(r[ai] ?? '');
    if (amount === 'bad') throw fieldError('file', 'statement_amount');
    if (amount === null) return; // a credit line, or a total without a debit
    const date = statementDate(r[di] ?? '');
    if (!date) throw fieldError('file', 'statement_date');
    out.push({
      date,
      reference: (r[ri] ?? '').trim().slice(0, 50),
      amount,
      content: (r[ci] ?? '').trim().slice(0, 2000),
    });
  });
  return out;
}

/** The statement's rows from its bytes, by its name's extension (.xlsx or .csv). */
export async function readStatement(name: string, bytes: Buffer): Promise<string[][]> {
  if (bytes.length === 0) throw fieldError('file', 'empty');
  if (/\.xlsx$/i.test(name)) return parseXlsx(bytes);
  if (/\.csv$/i.test(name)) {
    const text = bytes.toString('utf8');
    if (text.includes('\u0000')) throw fieldError('file', 'malformed');
    return parseCsv(text);
  }
  throw fieldError('file', 'file_type');
}

// ---------------------------------------------------------------- matching

const CODE = /YCTT-\d{4}-\d{6}/i;

const lineColumns = sql`s.id, s.company_bank_account_id, s.line_date::text as line_date, s.reference,
  s.amount::text as amount, s.content, s.state, s.reason, s.batch_line_id, s.payout_id,
  coalesce(y.payment_id, pp.id) as payment_id, coalesce(yp.code, pp.code) as payment_code,
  to_json(s.imported_at) #>> '{}' as imported_at, s.imported_by,
  to_json(s.resolved_at) #>> '{}' as resolved_at, s.resolved_by, s.note`;
const lineFrom = sql`${bankStatementLine} s
  left join ${paymentBatchLine} y on y.id = s.batch_line_id
  left join ${paymentTransaction} yp on yp.id = y.payment_id
  left join ${paymentTransaction} pp on s.batch_line_id is null
    and pp.code = upper(substring(s.content from '(?i)YCTT-[0-9]{4}-[0-9]{6}'))
    and pp.company_id is not distinct from (select company_id from ${companyBankAccount} where id = s.company_bank_account_id)`;

export function statementLines(tx: Tx, accountId: number, where = sql`true`) {
  return queryRows<Record<string, unknown>>(
    tx,
    sql`select ${lineColumns} from ${lineFrom} where s.company_bank_account_id = ${accountId} and ${where}
        order by s.line_date, s.id`,
  );
}

/** The open line of an approved batch of the account for the request `code`. */
async function batchLineFor(tx: Tx, accountId: number, code: string) {
  const [found] = await queryRows<{ id: number; amount: string; payment_id: number }>(
    tx,
    sql`select y.id, (y.amount - y.paid_amount)::numeric(18,2)::text as amount, y.payment_id
        from ${paymentBatchLine} y
        join ${paymentBatch} x on x.id = y.batch_id
        join ${paymentTransaction} p on p.id = y.payment_id
        where x.company_bank_account_id = ${accountId} and x.state = 'A' and y.open
          and p.code = ${code.toUpperCase()}
        limit 1`,
  );
  return found;
}

/**
 * Records the payment of a statement line on the batch line's request (in a savepoint: a refusal
 * of the payment's rules leaves the line unmatched with the refusal as its reason).
 */
async function payLine(
  tx: Tx,
  line: { id: number; line_date: string; reference: string; amount: string; company_bank_account_id: number },
  batchLine: { id: number; payment_id: number },
  user: CurrentUser,
): Promise<string | null> {
  try {
    await (tx as { transaction: (f: (t: Tx) => Promise<void>) => Promise<void> }).transaction(async (sp) => {
      const [request] = await queryRows<{ version: number }>(
        sp,
        sql`select version from ${paymentTransaction} where id = ${batchLine.payment_id}`,
      );
      const answer = await recordPayout(
        sp,
        paymentKind,
        batchLine.payment_id,
        request!.version,
        {
          paid_date: line.line_date,
          amount: line.amount,
          bank_reference: line.reference,
          company_bank_account_id: line.company_bank_account_id,
        },
        user,
        { source: `từ sao kê ngày ${line.line_date.split('-').reverse().join('/')}` },
      );
      const [payout] = await queryRows<{ id: number }>(
        sp,
        sql`select max(id)::int as id from payment_payout where payment_id = ${answer.id as number}`,
      );
      await markLinePaid(sp, batchLine.id, line.amount);
      await sp
        .update(bankStatementLine)
        .set({ state: 'M', reason: null, batch_line_id: batchLine.id, payout_id: payout!.id })
        .where(eq(bankStatementLine.id, line.id));
    });
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return error.reason ?? error.code;
    throw error;
  }
}

/** Imports a statement's debit lines; answers what it read, knew already, matched and left unmatched. */
export async function importStatement(tx: Tx, accountId: number, rows: StatementRow[], user: CurrentUser) {
  let known = 0;
  let matched = 0;
  const ids: number[] = [];
  for (const row of rows) {
    const [line] = await tx
      .insert(bankStatementLine)
      .values({
        company_bank_account_id: accountId,
        line_date: row.date,
        reference: row.reference,
        amount: row.amount,
        content: row.content,
        state: 'U',
        imported_by: user.user_name,
      })
      .onConflictDoNothing()
      .returning({ id: bankStatementLine.id });
    if (!line) {
      known++;
      continue;
    }
    ids.push(line.id);
    const code = CODE.exec(row.content)?.[0];
    let reason: string | null = 'no_code';
    if (code) {
      const batchLine = await batchLineFor(tx, accountId, code);
      if (!batchLine) reason = 'no_batch_line';
      else if (batchLine.amount !== row.amount) reason = 'amount_differs';
      else
        reason = await payLine(
          tx,
          {
            id: line.id,
            line_date: row.date,
            reference: row.reference,
            amount: row.amount,
            company_bank_account_id: accountId,
          },
          batchLine,
          user,
        );
    }
    if (reason) await tx.update(bankStatementLine).set({ reason }).where(eq(bankStatementLine.id, line.id));
    else matched++;
  }
  const lines = ids.length ? await statementLines(tx, accountId, sql`s.id in ${ids}`) : [];
  return { read: rows.length, known, matched, unmatched: ids.length - matched, lines };
}

/** An unmatched line, locked, of an account the user sees. */
async function unmatchedLine(tx: Tx, id: number, user: CurrentUser) {
  const [line] = await tx.select().from(bankStatementLine).where(eq(bankStatementLine.id, id)).for('update');
  if (!line) throw notFound('statement line');
  await statementAccount(tx, line.company_bank_account_id, user);
  if (line.state !== 'U')
    throw unprocessable('this statement line is matched or dismissed', 'statement_line_closed');
  return line;
}

/** A person matches an unmatched line to a batch line of the account: its amount is paid on the request. */
export async function matchLine(tx: Tx, id: number, batchLineId: number, user: CurrentUser) {
  const line = await unmatchedLine(tx, id, user);
  const [batchLine] = await queryRows<{ id: number; payment_id: number }>(
    tx,
    sql`select y.id, y.payment_id from ${paymentBatchLine} y join ${paymentBatch} x on x.id = y.batch_id
        where y.id = ${batchLineId} and y.open and x.state = 'A'
          and x.company_bank_account_id = ${line.company_bank_account_id}`,
  );
  if (!batchLine) throw fieldError('batch_line_id', 'not_found');
  const refusal = await payLine(tx, line, batchLine, user);
  if (refusal)
    throw unprocessable(`the payment is refused: ${refusal}`, 'statement_match_refused', { reason: refusal });
  await tx
    .update(bankStatementLine)
    .set({ resolved_at: new Date(), resolved_by: user.user_name })
    .where(eq(bankStatementLine.id, id));
  const [answer] = await statementLines(tx, line.company_bank_account_id, sql`s.id = ${id}`);
  return answer!;
}

/** A person dismisses an unmatched line (not a payment of a batch: a fee, a transfer of another kind). */
export async function dismissLine(tx: Tx, id: number, note: string, user: CurrentUser) {
  const line = await unmatchedLine(tx, id, user);
  await tx
    .update(bankStatementLine)
    .set({ state: 'X', note, resolved_at: new Date(), resolved_by: user.user_name })
    .where(eq(bankStatementLine.id, id));
  const [answer] = await statementLines(tx, line.company_bank_account_id, sql`s.id = ${id}`);
  return answer!;
}
