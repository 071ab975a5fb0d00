/**
 * The record kind of a contract's bank guarantees (docs/adr/0069-retention-apart-from-bank-guarantees.md):
 * inside the contract's scope; read by its routes and by the file routes of its papers
 * (docs/adr/0095-bank-guarantees-checked.md).
 */
import { sql } from 'drizzle-orm';
import { bank, contract, contractGuarantee } from '../../db/schema.ts';
import { findRecord, outer, type RecordKind } from '../../http/records.ts';
import { contractKind } from './contract.resource.ts';
import { lockContract } from './contract.totals.ts';

const g = contractGuarantee;

export const contractGuaranteeKind: RecordKind = {
  name: 'contract-guarantee',
  table: g as never,
  searchFields: ['guarantee_no', 'note'],
  sortable: { expiry_date: g.expiry_date, created_at: g.created_at },
  defaultSort: { by: 'expiry_date', desc: false },
  scope: (user) =>
    sql`${g.contract_id} in (select ${contract.id} from ${contract} where ${contractKind.scope!(user)!})`,
  extraColumns: {
    bank_name: sql<string | null>`(select x.name from ${bank} x where x.id = ${outer(g.bank_id)})`,
  },
  references: [{ field: 'bank_id', table: bank as never }],
  async beforeWrite(tx, values, existing, user) {
    // the contract must be one the user may change: 404 outside its scope
    const { id } = await findRecord(tx, contractKind, existing?.contract_id ?? values.contract_id, user);
    // a guarantee covers an advance's send: it changes under the contract's lock, as the send reads
    // it (docs/adr/0041-money-writers-lock-the-contract-row.md)
    await lockContract(tx, id);
  },
  async beforeStatus(tx, existing) {
    await lockContract(tx, existing.contract_id);
  },
};
