/**
 * A company's Word templates, one per document type (docs/product.md#companies: templates/{companyId},
 * templates/{companyId}/permission, drive/checkAccess). A template is either an uploaded .docx
 * (a file_upload row of owner kind "company-template") or a location in the file store.
 *
 * Locations ("drive paths") are read under the store's `drive/` folder — DATA_DIR/files/drive
 * locally, the bucket's drive/ prefix on S3 — where an administrator places shared templates.
 * A drive path is relative to that folder and checked like every key: no absolute path, no "..",
 * nothing outside the store, and uploads (under uploads/) cannot be named. The reads and writes
 * behind these routes are in company-template.service.ts.
 */
import { idParam } from '@sitepay/domain/common.schema';
import { templatePermissionSchema, templateStatusSchema } from '@sitepay/domain/file.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentTypeOf, type FileOwner } from '../../files/file.service.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { badRequest, fieldError } from '../../http/errors.ts';
import { findRecord } from '../../http/records.ts';
import { companyKind } from '../company/company.resource.ts';
import {
  companyTemplateBytes,
  driveKey,
  dropReplacedUpload,
  normalDrivePath,
  probeDrivePath,
  saveTemplate,
  templatePermissionOf,
  templateStatus,
} from './company-template.service.ts';

const templateOwner: FileOwner = { kind: companyKind, ownerKind: 'company-template' };

const templateLocationSchema = z.object({
  companyId: idParam.optional(),
  drivePath: z.string().trim().min(1, { error: 'required' }).max(500),
  documentType: z.string().trim().min(1, { error: 'required' }).max(50),
});

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
const tags = ['company'];

export function registerCompanyTemplateRoutes(app: FastifyInstance) {
  registerTemplateSaveRoutes(app);
  registerTemplateDecorators(app);
  registerTemplatePermissionRoutes(app);
  registerDriveCheckRoutes(app);
}

/** Registers `templates/{companyId}`: a document type's template set from a location or an uploaded .docx. */
function registerTemplateSaveRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      if (req.isMultipart()) return saveUploadedTemplate(app, req, companyId, user);
      return saveTemplateLocation(app, req, req.body, companyId, user);
    },
  );
}

/** Makes the one .docx of a multipart request the template of the document type it names. */
async function saveUploadedTemplate(
  app: FastifyInstance,
  req: FastifyRequest,
  companyId: number,
  user: CurrentUser,
) {
  let replaced: string | null = null;
  const { files: rows } = await app.fileService.upload(req, user, templateOwner, {
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
  await dropReplacedUpload(app.fileService.store, replaced, req.log);
  return templateStatus(app.db, app.fileService.store, companyId, rows[0]!.document_type!);
}

/** Points a document type at the drive location a JSON body names. */
async function saveTemplateLocation(
  app: FastifyInstance,
  req: FastifyRequest,
  body: z.infer<typeof templateLocationSchema> | null | undefined,
  companyId: number,
  user: CurrentUser,
) {
  if (!body)
    throw badRequest('send a template location or a file', [{ field: 'drivePath', message: 'required' }]);
  if (body.companyId !== undefined && body.companyId !== companyId) throw fieldError('companyId', 'invalid');
  const documentType = documentTypeOf(body.documentType, 'documentType')!;
  if (!driveKey(body.drivePath)) throw fieldError('drivePath', 'invalid_path');
  const drivePath = normalDrivePath(body.drivePath);
  const replaced = await app.db.transaction((tx) =>
    saveTemplate(tx, companyId, documentType, { drive_path: drivePath }, user),
  );
  await dropReplacedUpload(app.fileService.store, replaced, req.log);
  return templateStatus(app.db, app.fileService.store, companyId, documentType);
}

/** Registers the app's `templatePermission` and `companyTemplateFile`, other modules' way to the templates. */
function registerTemplateDecorators(app: FastifyInstance) {
  // Which document types a company can print: also asked through a contract (contract.routes.ts).
  app.decorate('templatePermission', (companyId: number | null) =>
    templatePermissionOf(app.db, app.fileService.store, companyId),
  );

  // The printed documents read a company's template through this (payment-document.ts).
  app.decorate('companyTemplateFile', (companyId: number, documentType: string) =>
    companyTemplateBytes(app.db, app.fileService.store, companyId, documentType),
  );
}

/** Registers `templates/{companyId}/permission`: which document types a company can print. */
function registerTemplatePermissionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
}

/** Registers `drive/checkAccess`: whether a drive path names a file or folder of the store. */
function registerDriveCheckRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      const found = await probeDrivePath(app.fileService.store, req.body.drivePath);
      return found.kind
        ? { accessible: true, kind: found.kind }
        : { accessible: false, reason: found.reason };
    },
  );
}
