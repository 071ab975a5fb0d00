/**
 * Bank file templates (docs/adr/0096-payment-batches-and-bank-files.md): a setting of its own
 * table — its columns are a list the entity descriptions have no field for — under
 * /api/admin/setting/bank-file-template/. One is the default (the generic one the seed ships); a
 * template made the default takes it from the others in the same write.
 */

import type {
  bankFileTemplateInputSchema,
  bankFileTemplateUpdateSchema,
} from '@sitepay/domain/payment-batch.schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import { bank, bankFileTemplate } from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { fieldError, notFound, staleVersion, unprocessable } from '../../http/errors.ts';
import { type BankFileTemplateRow, GENERIC_BANK_FILE_TEMPLATE } from './bank-file.ts';

const t = bankFileTemplate;

const columns = sql`t.id, t.code, t.name, t.bank_id, b.name as bank_name, t.file_type, t.sheet_name,
  t.header_rows, t.columns, t.is_default, t.status, t.version,
  to_json(t.created_at) #>> '{}' as created_at, to_json(t.updated_at) #>> '{}' as updated_at`;

export function listTemplates(tx: Tx) {
  return queryRows<Record<string, unknown>>(
    tx,
    sql`select ${columns} from ${t} t left join ${bank} b on b.id = t.bank_id
        where t.status <> 'D' order by t.is_default desc, t.name, t.id`,
  );
}

export async function readTemplate(tx: Tx, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${columns} from ${t} t left join ${bank} b on b.id = t.bank_id
        where t.id = ${id} and t.status <> 'D'`,
  );
  if (!row) throw notFound('bank file template');
  return row;
}

/** The template of `code`, else the default one, else the generic one. */
export async function templateFor(tx: Tx, code: string | undefined): Promise<BankFileTemplateRow> {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(ne(t.status, 'D'), code ? sql`upper(${t.code}) = upper(${code})` : eq(t.is_default, true)))
    .limit(1);
  if (!row && code) throw fieldError('template', 'not_found');
  return (row as unknown as BankFileTemplateRow) ?? GENERIC_BANK_FILE_TEMPLATE;
}

async function checkBank(tx: Tx, bankId: number | null | undefined) {
  if (bankId == null) return;
  const [found] = await tx
    .select({ id: bank.id })
    .from(bank)
    .where(and(eq(bank.id, bankId), ne(bank.status, 'D')));
  if (!found) throw fieldError('bank_id', 'not_found');
}

async function codeTaken(tx: Tx, code: string, id: number | null) {
  const [found] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(sql`upper(${t.code}) = upper(${code})`, ne(t.status, 'D'), id ? ne(t.id, id) : undefined));
  if (found) throw fieldError('code', 'duplicate');
}

/** The default taken from the others before a template becomes it (one default: the unique index). */
async function takeDefault(tx: Tx, id: number | null) {
  await queryRows(tx, sql`select pg_advisory_xact_lock(${0x42465444})`); // "BFTD"
  await tx
    .update(t)
    .set({ is_default: false })
    .where(and(eq(t.is_default, true), id ? ne(t.id, id) : undefined));
}

export async function createTemplate(
  tx: Tx,
  input: z.infer<typeof bankFileTemplateInputSchema>,
  user: CurrentUser,
) {
  await checkBank(tx, input.bank_id);
  await codeTaken(tx, input.code, null);
  if (input.is_default) await takeDefault(tx, null);
  const [row] = await tx
    .insert(t)
    .values({
      ...input,
      bank_id: input.bank_id ?? null,
      is_default: input.is_default ?? false,
      created_by: user.user_name,
      updated_by: user.user_name,
    })
    .returning({ id: t.id });
  return readTemplate(tx, row!.id);
}

export async function updateTemplate(
  tx: Tx,
  id: number,
  input: z.infer<typeof bankFileTemplateUpdateSchema>,
  user: CurrentUser,
) {
  const [existing] = await tx
    .select()
    .from(t)
    .where(and(eq(t.id, id), ne(t.status, 'D')))
    .for('update');
  if (!existing) throw notFound('bank file template');
  if (existing.version !== input.version) throw staleVersion();
  const { version: _v, ...changes } = input;
  await checkBank(tx, changes.bank_id);
  if (changes.code) await codeTaken(tx, changes.code, id);
  if (changes.is_default === false && existing.is_default)
    throw unprocessable('another template is made the default instead', 'template_default_needed');
  if (changes.is_default && !existing.is_default) await takeDefault(tx, id);
  await tx
    .update(t)
    .set({ ...changes, updated_at: new Date(), updated_by: user.user_name, version: sql`${t.version} + 1` })
    .where(eq(t.id, id));
  return readTemplate(tx, id);
}

/** Seeds the generic template, the default, when there is no template yet. */
export async function seedGenericTemplate(tx: Tx) {
  const [any] = await tx.select({ id: t.id }).from(t).limit(1);
  if (any) return;
  await tx.insert(t).values({ ...GENERIC_BANK_FILE_TEMPLATE, is_default: true, created_by: 'system' });
}
