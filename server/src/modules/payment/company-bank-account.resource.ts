/**
 * The company's own bank accounts (`@sitepay/domain/entities/company-bank-account.entity`): scoped
 * to the user's companies, a new one belonging to the creator's company unless named; one default
 * per company — making one the default takes it from the company's other accounts in the same
 * write (docs/adr/0066-payments-as-they-happened.md).
 */
import { companyBankAccount as accountEntity } from '@sitepay/domain/entities/company-bank-account.entity';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { companyBankAccount } from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { companyScope, settleOwnerCompany } from '../../http/owner-company.ts';
import type { Row } from '../../http/record-kind.ts';
import { outer } from '../../http/records.ts';

const a = companyBankAccount;
/** The advisory lock of a company's default account ("CBAD" in ASCII), held to the commit. */
const DEFAULT_ACCOUNT_LOCK = 0x43424144;

/** Owner company settled, then, for a new default, the company's other accounts no longer default. */
async function beforeAccountWrite(tx: Tx, values: Row, existing: Row | undefined, user: CurrentUser) {
  await settleOwnerCompany(tx, values, existing, user);
  if (!values.is_default) return;
  const companyId = (values.company_id === undefined ? existing?.company_id : values.company_id) ?? null;
  // two accounts made default at once: the second waits for the first to commit, then takes it over
  await queryRows(tx, sql`select pg_advisory_xact_lock(${DEFAULT_ACCOUNT_LOCK}, ${companyId ?? 0})`);
  await tx
    .update(a)
    .set({ is_default: false })
    .where(
      and(
        eq(a.is_default, true),
        companyId === null ? isNull(a.company_id) : eq(a.company_id, companyId),
        existing ? ne(a.id, existing.id) : undefined,
      ),
    );
}

export const companyBankAccountKind = entityKind(accountEntity, {
  hooks: {
    scope: (user) => companyScope(outer(a.company_id), user),
    beforeWrite: beforeAccountWrite,
  },
});
