/** Bills as other modules write them: a credit note applied to a bill rewrites its figures. */
import type { Tx } from '../../db/client.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { findRecord, updateRecord } from '../../http/records.ts';
import { billingKind } from './billing.resource.ts';

/** Writes the bill's paid and credited figures as recomputed, with its version and history. */
export async function writeBillFigures(
  tx: Tx,
  id: number,
  figures: { paid: string; credited: string },
  user: CurrentUser,
  action: string,
) {
  const bill = await findRecord(tx, billingKind, id, user, true);
  return updateRecord(
    tx,
    billingKind,
    id,
    bill.version,
    { paid_amount: figures.paid, credited_amount: figures.credited } as never,
    user,
    action,
  );
}
