/**
 * A company's Word templates, one per document type (docs/product.md#companies: templates/{companyId},
 * templates/{companyId}/permission, drive/checkAccess). A template is either an uploaded .docx
 * (a file_upload row of owner kind "company-template") or a location in the file store.
 *
 * Locations ("drive paths") are read under the store's `drive/` folder — DATA_DIR/files/drive
 * locally, the bucket's drive/ prefix on S3 — where an administrator places shared templates.
 * A drive path is relative to that folder and checked like every key: no absolute path, no "..",
 * nothing outside the store, and uploads (under uploads/) cannot be named.
 */
import { idParam } from '@sitepay/domain/common.schema';
import { templatePermissionSchema, templateStatusSchema } from '@sitepay/domain/file.schema';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { companyTemplate, fileUpload } from '../../db/schema.ts';
import { ARCHIVE_LIMITS } from '../../files/archive-guard.ts';
import { documentTypeOf, type FileOwner } from '../../files/file.service.ts';
import { isSafeKey } from '../../files/file-store.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { badRequest, fieldError, unprocessable } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import { findRecord } from '../../http/records.ts';
import { companyKind } from '../company/company.resource.ts';

/** A template's archive can hold no more than the archive limit, even stored uncompressed. */
const TEMPLATE_MAX_BYTES = ARCHIVE_LIMITS.maxTotalBytes + 1024 * 1024;

const templateOwner: FileOwner = { kind: companyKind, ownerKind: 'company-template' };
const DRIVE = 'drive';

/** The store key of a drive path, or null when the path is not an acceptable location. */
export function driveKey(drivePath: string): string | null {
  const relative = drivePath.trim().normalize('NFC').replace(/\/+$/, '');
  return isSafeKey(relative) ? `${DRIVE}/${relative}` : null;
}

const templateLocationSchema = z.object({
  companyId: idParam.optional(),
  drivePath: z.string().trim().min(1, { error: 'required' }).max(500),
  documentType: z.string().trim().min(1, { error: 'required' }).max(50),
});

type TemplateStatus = z.infer<typeof templateStatusSchema>;

const companyParams = z.object({ companyId: idParam });

declare module 'fastify' {
  interface FastifyInstance {
    templatePermission(companyId: number | null): Promise<z.infer<typeof templatePermissionSchema>>;
    /** The bytes of a company's usable template of a document type, or null (none, or not usable). */
    companyTemplateFile(companyId: number, documentType: string): Promise<Buffer | null>;
  }
}
const readMenus = ['company', 'company-view'];
const writeMenus = ['company-update'];

export function registerCompanyTemplateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['company'];
  const files = () => app.fileService;

  /** Why a location cannot be used, or its kind. */
  async function probe(drivePath: string) {
    const key = driveKey(drivePath);
    if (!key) return { key: null, kind: null, reason: 'invalid_path' } as const;
    const kind = await files().store.stat(key);
    return kind ? ({ key, kind } as const) : ({ key, kind: null, reason: 'not_found' } as const);
  }

  async function statusOf(t: typeof companyTemplate.$inferSelect): Promise<TemplateStatus> {
    const base = { document_type: t.document_type, file_name: null, drive_path: t.drive_path };
    if (t.file_id) {
      const [f] = await app.db.select().from(fileUpload).where(eq(fileUpload.id, t.file_id));
      const present = f?.status === 'O' && (await files().store.stat(f.storage_key)) === 'file';
      return {
        ...base,
        source: 'file',
        file_name: f?.file_name ?? null,
        usable: present,
        ...(present ? {} : { reason: 'not_found' }),
      };
    }
    const found = await probe(t.drive_path ?? '');
    if (!found.kind) return { ...base, source: 'drive', usable: false, reason: found.reason };
    // a folder holds one template per document type, named after it
    const usable =
      found.kind === 'file'
        ? found.key.toLowerCase().endsWith('.docx')
        : (await files().store.stat(`${found.key}/${t.document_type}.docx`)) === 'file';
    return { ...base, source: 'drive', usable, ...(usable ? {} : { reason: 'no_template' }) };
  }

  /** Points a document type at a file or a location; answers the storage key of a replaced upload. */
  async function saveTemplate(
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

  async function templateOf(companyId: number, documentType: string) {
    const [t] = await app.db
      .select()
      .from(companyTemplate)
      .where(and(eq(companyTemplate.company_id, companyId), eq(companyTemplate.document_type, documentType)));
    return statusOf(t!);
  }

  r.post(
    '/api/admin/company/templates/:companyId',
    {
      config: { menus: writeMenus },
      schema: {
        tags,
        consumes: ['application/json', 'multipart/form-data'],
        description:
          'JSON {companyId, drivePath, documentType}, or multipart: field `documentType` and one .docx file',
        params: companyParams,
        body: templateLocationSchema.nullish(), // multipart requests carry no parsed body
        response: { 200: templateStatusSchema },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { companyId } = req.params;
      if (req.isMultipart()) {
        let replaced: string | null = null;
        const { files: rows } = await files().upload(req, user, templateOwner, {
          ownerId: companyId,
          extensions: ['docx'],
          afterInsert: async (tx, rows) => {
            if (rows.length !== 1) throw fieldError('file', 'one_file');
            const file = rows[0]!;
            if (!file.document_type) throw fieldError('documentType', 'required');
            replaced = await saveTemplate(
              tx,
              companyId,
              file.document_type,
              { file_id: file.id, file_name: file.file_name },
              user,
            );
          },
        });
        if (replaced)
          await files()
            .store.delete(replaced)
            .catch((err) => req.log.warn({ err }, 'orphan file'));
        return templateOf(companyId, rows[0]!.document_type!);
      }
      const body = req.body;
      if (!body)
        throw badRequest('send a template location or a file', [{ field: 'drivePath', message: 'required' }]);
      if (body.companyId !== undefined && body.companyId !== companyId)
        throw fieldError('companyId', 'invalid');
      const documentType = documentTypeOf(body.documentType, 'documentType')!;
      if (!driveKey(body.drivePath)) throw fieldError('drivePath', 'invalid_path');
      const drivePath = body.drivePath.trim().normalize('NFC').replace(/\/+$/, '');
      const replaced = await app.db.transaction((tx) =>
        saveTemplate(tx, companyId, documentType, { drive_path: drivePath }, user),
      );
      if (replaced)
        await files()
          .store.delete(replaced)
          .catch((err) => req.log.warn({ err }, 'orphan file'));
      return templateOf(companyId, documentType);
    },
  );

  // Which document types a company can print: also asked through a contract (contract.routes.ts).
  app.decorate('templatePermission', async (companyId: number | null) => {
    if (!companyId) return { documentTypes: [], templates: [] };
    const rows = await app.db
      .select()
      .from(companyTemplate)
      .where(eq(companyTemplate.company_id, companyId))
      .orderBy(companyTemplate.document_type);
    const templates = await Promise.all(rows.map(statusOf));
    return { documentTypes: templates.filter((t) => t.usable).map((t) => t.document_type), templates };
  });

  // The printed documents read a company's template through this (payment-document.ts).
  app.decorate('companyTemplateFile', async (companyId: number, documentType: string) => {
    const [t] = await app.db
      .select()
      .from(companyTemplate)
      .where(and(eq(companyTemplate.company_id, companyId), eq(companyTemplate.document_type, documentType)));
    if (!t) return null;
    const status = await statusOf(t);
    if (!status.usable) return null;
    let key: string | null = null;
    if (t.file_id) {
      const [f] = await app.db.select().from(fileUpload).where(eq(fileUpload.id, t.file_id));
      key = f?.storage_key ?? null;
    } else {
      const found = await probe(t.drive_path ?? '');
      if (found.kind === 'file') key = found.key;
      else if (found.kind === 'folder') key = `${found.key}/${t.document_type}.docx`;
    }
    if (!key) return null;
    // read with a cap: a file on the drive was never uploaded, so never measured
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = await files().store.get(key);
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
  });

  r.get(
    '/api/admin/company/templates/:companyId/permission',
    {
      config: { menus: readMenus },
      schema: {
        tags,
        params: companyParams,
        response: {
          200: templatePermissionSchema,
        },
      },
    },
    async (req) => {
      await findRecord(app.db, companyKind, req.params.companyId, currentUser(req));
      return app.templatePermission(req.params.companyId);
    },
  );

  r.post(
    '/api/admin/company/drive/checkAccess',
    {
      config: { menus: writeMenus },
      schema: {
        tags,
        body: z.object({ drivePath: z.string().max(500) }),
        response: {
          200: z.object({
            accessible: z.boolean(),
            kind: z.enum(['file', 'folder']).optional(),
            reason: z.string().optional(),
          }),
        },
      },
    },
    async (req) => {
      const found = await probe(req.body.drivePath);
      return found.kind
        ? { accessible: true, kind: found.kind }
        : { accessible: false, reason: found.reason };
    },
  );
}
