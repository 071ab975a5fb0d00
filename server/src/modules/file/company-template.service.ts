/**
 * A company's Word templates behind the routes of company-template.routes.ts
 * (docs/product.md#companies): where a template is, whether it can be used, pointing a document
 * type at an upload or a drive location, and reading a usable template's bytes.
 *
 * Locations ("drive paths") are read under the store's `drive/` folder; a drive path is relative to
 * that folder and checked like every key: no absolute path, no "..", nothing outside the store, and
 * uploads (under uploads/) cannot be named.
 */
import type { templatePermissionSchema, templateStatusSchema } from '@sitepay/domain/file.schema';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { companyTemplate, fileUpload } from '../../db/schema.ts';
import { ARCHIVE_LIMITS } from '../../files/archive-guard.ts';
import { type FileStore, isSafeKey } from '../../files/file-store.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { unprocessable } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import { findRecord } from '../../http/records.ts';
import { companyKind } from '../company/company.resource.ts';

/** A template's archive can hold no more than the archive limit, even stored uncompressed. */
const TEMPLATE_MAX_BYTES = ARCHIVE_LIMITS.maxTotalBytes + 1024 * 1024;

const DRIVE = 'drive';

type TemplateStatus = z.infer<typeof templateStatusSchema>;
type TemplateRow = typeof companyTemplate.$inferSelect;

/** A drive path as it is kept: trimmed, NFC, without trailing slashes. */
export const normalDrivePath = (drivePath: string) => drivePath.trim().normalize('NFC').replace(/\/+$/, '');

/** The store key of a drive path, or null when the path is not an acceptable location. */
export function driveKey(drivePath: string): string | null {
  const relative = normalDrivePath(drivePath);
  return isSafeKey(relative) ? `${DRIVE}/${relative}` : null;
}

/** Why a location cannot be used, or its kind. */
export async function probeDrivePath(store: FileStore, drivePath: string) {
  const key = driveKey(drivePath);
  if (!key) return { key: null, kind: null, reason: 'invalid_path' } as const;
  const kind = await store.stat(key);
  return kind ? ({ key, kind } as const) : ({ key, kind: null, reason: 'not_found' } as const);
}

/** Where a company's template of one document type is, and whether it can be used (else why not). */
async function statusOf(db: Db, store: FileStore, t: TemplateRow): Promise<TemplateStatus> {
  const base = { document_type: t.document_type, file_name: null, drive_path: t.drive_path };
  if (t.file_id) {
    const [f] = await db.select().from(fileUpload).where(eq(fileUpload.id, t.file_id));
    const present = f?.status === 'O' && (await store.stat(f.storage_key)) === 'file';
    return {
      ...base,
      source: 'file',
      file_name: f?.file_name ?? null,
      usable: present,
      ...(present ? {} : { reason: 'not_found' }),
    };
  }
  const found = await probeDrivePath(store, t.drive_path ?? '');
  if (!found.kind) return { ...base, source: 'drive', usable: false, reason: found.reason };
  // a folder holds one template per document type, named after it
  const usable =
    found.kind === 'file'
      ? found.key.toLowerCase().endsWith('.docx')
      : (await store.stat(`${found.key}/${t.document_type}.docx`)) === 'file';
  return { ...base, source: 'drive', usable, ...(usable ? {} : { reason: 'no_template' }) };
}

/** Points a document type at a file or a location; answers the storage key of a replaced upload. */
export async function saveTemplate(
  tx: Tx,
  companyId: number,
  documentType: string,
  value: { file_id: number; file_name: string } | { drive_path: string },
  user: CurrentUser,
): Promise<string | null> {
  await findRecord(tx, companyKind, companyId, user, true);
  const where = and(
    eq(companyTemplate.company_id, companyId),
    eq(companyTemplate.document_type, documentType),
  );
  const [old] = await tx.select().from(companyTemplate).where(where);
  let replacedKey: string | null = null;
  let oldLabel: string | null = old?.drive_path ?? null;
  if (old?.file_id) {
    const [f] = await tx
      .update(fileUpload)
      .set({ status: 'D' })
      .where(and(eq(fileUpload.id, old.file_id), eq(fileUpload.status, 'O')))
      .returning();
    replacedKey = f?.storage_key ?? null;
    oldLabel = f?.file_name ?? null;
  }
  const row = {
    file_id: 'file_id' in value ? value.file_id : null,
    drive_path: 'drive_path' in value ? value.drive_path : null,
    updated_at: new Date(),
    updated_by: user.user_name,
  };
  await tx
    .insert(companyTemplate)
    .values({ company_id: companyId, document_type: documentType, ...row })
    .onConflictDoUpdate({ target: [companyTemplate.company_id, companyTemplate.document_type], set: row });
  const label = 'file_name' in value ? value.file_name : value.drive_path;
  await writeHistory(
    tx,
    companyKind,
    companyId,
    'template',
    { [documentType]: { old: oldLabel, new: label } },
    user,
  );
  return replacedKey;
}

/** Deletes the file of a replaced upload; failing, it leaves an orphan file and a warning. */
export async function dropReplacedUpload(store: FileStore, key: string | null, log: FastifyBaseLogger) {
  if (key) await store.delete(key).catch((err) => log.warn({ err }, 'orphan file'));
}

/** A company's template row of one document type, if it has one. */
async function templateRowOf(db: Db, companyId: number, documentType: string) {
  const [t] = await db
    .select()
    .from(companyTemplate)
    .where(and(eq(companyTemplate.company_id, companyId), eq(companyTemplate.document_type, documentType)));
  return t;
}

/** The status of a company's template of one document type, which must exist (just saved). */
export async function templateStatus(db: Db, store: FileStore, companyId: number, documentType: string) {
  return statusOf(db, store, (await templateRowOf(db, companyId, documentType))!);
}

/** Which document types a company can print, and the status of each of its templates. */
export async function templatePermissionOf(
  db: Db,
  store: FileStore,
  companyId: number | null,
): Promise<z.infer<typeof templatePermissionSchema>> {
  if (!companyId) return { documentTypes: [], templates: [] };
  const rows = await db
    .select()
    .from(companyTemplate)
    .where(eq(companyTemplate.company_id, companyId))
    .orderBy(companyTemplate.document_type);
  const templates = await Promise.all(rows.map((t) => statusOf(db, store, t)));
  return { documentTypes: templates.filter((t) => t.usable).map((t) => t.document_type), templates };
}

/** The store key of a usable template's file (the upload, or the drive file or the folder's file). */
async function templateKeyOf(db: Db, store: FileStore, t: TemplateRow): Promise<string | null> {
  if (t.file_id) {
    const [f] = await db.select().from(fileUpload).where(eq(fileUpload.id, t.file_id));
    return f?.storage_key ?? null;
  }
  const found = await probeDrivePath(store, t.drive_path ?? '');
  if (found.kind === 'file') return found.key;
  if (found.kind === 'folder') return `${found.key}/${t.document_type}.docx`;
  return null;
}

/** The bytes of a company's usable template of a document type, or null (none, or not usable). */
export async function companyTemplateBytes(
  db: Db,
  store: FileStore,
  companyId: number,
  documentType: string,
): Promise<Buffer | null> {
  const t = await templateRowOf(db, companyId, documentType);
  if (!t) return null;
  const status = await statusOf(db, store, t);
  if (!status.usable) return null;
  const key = await templateKeyOf(db, store, t);
  if (!key) return null;
  // read with a cap: a file on the drive was never uploaded, so never measured
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = await store.get(key);
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > TEMPLATE_MAX_BYTES) {
      stream.destroy();
      throw unprocessable('the template cannot be used: the file is too large', 'template_too_large', {
        max_mb: ARCHIVE_LIMITS.maxTotalBytes / 1024 / 1024,
        ratio: ARCHIVE_LIMITS.maxRatio,
        entries: ARCHIVE_LIMITS.maxEntries,
      });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
