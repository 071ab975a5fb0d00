/**
 * The account a payment request pays to (docs/product.md#payment-requests;
 * docs/adr/0042-payee-changes-are-controlled.md). A request takes its contract's payee account when it is
 * sent, and from then on shows and prints that account, and its VietQR code carries it. When the account a
 * waiting or accepted-unpaid request pays to changes — the payee's bank, number or holder edited, or the
 * contract switched to another payee — the request takes the new account and goes on hold: accept and confirm
 * paid are refused (`payee_changed`) until an approver other than whoever changed it confirms the new account
 * on the request (`confirm_payee` in the workflow table).
 *
 * Lock order: whoever changes a payee holds its row and then the requests'; a send holds the
 * contract and the request and then reads the payee `for share`, so a change and a send queue.
 */
import { holderMatches } from '@sitepay/domain/payee-name';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  bank,
  beneficiary,
  constructorTable,
  contract,
  paymentHistory,
  paymentTransaction,
} from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';

const p = paymentTransaction;

/** What a request copies of its payee: the account, and whether its holder names the contractor. */
export type PayeeAccount = {
  bank_id: number;
  bank_name: string | null;
  account_number: string;
  account_holder: string;
  holder_mismatch: boolean;
  /** The payee's last change of account: a request created before it is held when sent. */
  account_changed_at: Date | null;
  account_changed_by: string | null;
  account_changed_by_id: number | null;
};

/** The account of payee `beneficiaryId`, read `for share` (a change of it waits for the reader). */
export async function payeeAccount(tx: Tx, beneficiaryId: number): Promise<PayeeAccount | undefined> {
  const [row] = await queryRows<Omit<PayeeAccount, 'holder_mismatch'> & { constructor_name: string }>(
    tx,
    sql`select b.bank_id, bk.name as bank_name, b.account_number, b.name as account_holder,
          b.account_changed_at, b.account_changed_by, b.account_changed_by_id, k.name as constructor_name
        from ${beneficiary} b
        join ${constructorTable} k on k.id = b.constructor_id
        left join ${bank} bk on bk.id = b.bank_id
        where b.id = ${beneficiaryId} and b.status = 'O'
        for share of b`,
  );
  if (!row) return undefined;
  const { constructor_name, ...account } = row;
  return {
    ...account,
    account_changed_at: account.account_changed_at ? new Date(account.account_changed_at) : null,
    holder_mismatch: !holderMatches(account.account_holder, constructor_name),
  };
}

/** The request columns that hold its account. */
export const accountColumns = (a: PayeeAccount) => ({
  bank_id: a.bank_id,
  bank_name: a.bank_name,
  account_number: a.account_number,
  account_holder: a.account_holder,
  holder_mismatch: a.holder_mismatch,
});

/** Requests that pay out on an account: waiting, or accepted and not paid yet, and live. */
const payingSql = sql`${p.status} = 'O' and (${p.approval_status} = 'W' or (${p.approval_status} = 'A' and ${p.payment_status} = 'O'))`;

/**
 * Puts on hold the paying requests among `requests` whose account is not `account` any more: each
 * takes the new account, keeps the one it showed before (the last one confirmed, when it was
 * already on hold), and gets a line in its payment history. Answers how many were held.
 */
export async function holdForPayeeChange(
  tx: Tx,
  requests: SQL,
  account: PayeeAccount,
  user: CurrentUser,
): Promise<number> {
  const held = await queryRows<{ id: number; approval_status: string; note: string }>(
    tx,
    sql`update ${p} set
          payee_previous_bank = case when ${p.payee_hold} then ${p.payee_previous_bank} else ${p.bank_name} end,
          payee_previous_account = case when ${p.payee_hold} then ${p.payee_previous_account} else ${p.account_number} end,
          payee_previous_holder = case when ${p.payee_hold} then ${p.payee_previous_holder} else ${p.account_holder} end,
          bank_id = ${account.bank_id}, bank_name = ${account.bank_name},
          account_number = ${account.account_number}, account_holder = ${account.account_holder},
          holder_mismatch = ${account.holder_mismatch},
          payee_hold = true, payee_changed_at = now(), payee_changed_by = ${user.user_name},
          payee_changed_by_id = ${user.id}, payee_confirmed_at = null, payee_confirmed_by = null,
          version = ${p.version} + 1, updated_at = now(), updated_by = ${user.user_name}
        where ${payingSql} and (${requests})
          and (${p.bank_id}, ${p.account_number}, ${p.account_holder}) is distinct from
              (${account.bank_id}::int, ${account.account_number}::varchar, ${account.account_holder}::varchar)
        returning ${p.id} as id, ${p.approval_status} as approval_status,
          concat_ws(' · ', ${p.payee_previous_bank}, ${p.payee_previous_account}, ${p.payee_previous_holder})
            || ' → ' || concat_ws(' · ', ${p.bank_name}, ${p.account_number}, ${p.account_holder}) as note`,
  );
  if (held.length)
    await tx.insert(paymentHistory).values(
      held.map((h) => ({
        payment_id: h.id,
        action: 'payee_changed',
        from_status: h.approval_status,
        to_status: h.approval_status,
        note: h.note,
        user_id: user.id,
        user_name: user.user_name,
      })),
    );
  return held.length;
}

/** The requests of the contracts that pay to payee `beneficiaryId`. */
export const requestsOfPayee = (beneficiaryId: number): SQL =>
  sql`${p.contract_id} in (select c.id from ${contract} c where c.beneficiary_id = ${beneficiaryId})`;

/** The requests of one contract. */
export const requestsOfContract = (contractId: number): SQL => sql`${p.contract_id} = ${contractId}`;

/**
 * Paying requests whose holder was never checked (copied before the check existed): checked once,
 * at start, against their contractor's name — a thousand at a time, each thousand in one update, so
 * a million old rows neither sit in memory at once nor cost a statement each.
 */
export async function checkUncheckedRequestHolders(tx: Tx) {
  for (let after = 0; ; ) {
    const rows = await queryRows<{ id: number; holder: string; legal: string }>(
      tx,
      sql`select ${p.id} as id, ${p.account_holder} as holder, k.name as legal
          from ${p} join ${constructorTable} k on k.id = ${p.constructor_id}
          where ${p.holder_mismatch} is null and ${p.account_holder} is not null and ${payingSql}
            and ${p.id} > ${after}
          order by ${p.id} limit ${HOLDER_BATCH}`,
    );
    if (!rows.length) return;
    after = rows.at(-1)!.id;
    await tx.execute(sql`update ${p} set holder_mismatch = checked.mismatch
        from unnest(${sql.param(rows.map((r) => r.id))}::int[],
                    ${sql.param(rows.map((r) => !holderMatches(r.holder, r.legal)))}::bool[]) as checked(id, mismatch)
        where ${p.id} = checked.id`);
  }
}

const HOLDER_BATCH = 1000;
