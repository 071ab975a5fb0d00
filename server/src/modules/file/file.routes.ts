/**
 * Files of companies and projects (docs/product.md#companies): upload (multipart, owner id in the field
 * `id`), download, delete, and the list a view page shows; plus the companies' document templates. The routes
 * of one owner are generated from a small description, as contracts and payment requests will be:
 * `registerOwnerFileRoutes` with their kind, base path and menus.
 */
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { idParam, idParamsSchema } from '@sitepay/domain/common.schema';
import { fileRecordSchema } from '@sitepay/domain/file.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createFileStore } from '../../files/create-file-store.ts';
import { createFileService, type FileOwner, toFileRecord } from '../../files/file.service.ts';
import { DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_FILES, type FilesConfig } from '../../files/file-store.ts';
import { currentUser } from '../../http/auth.ts';
import { companyKind } from '../company/company.resource.ts';
import { contractGuaranteeKind } from '../contract/contract-guarantee.resource.ts';
import { projectKind } from '../project/project.resource.ts';
import { registerCompanyTemplateRoutes } from './company-template.routes.ts';

const documentTypeQuery = z.object({ document_type: z.string().max(50).optional() });

export type OwnerFileRoutes = {
  owner: FileOwner;
  /** e.g. /api/admin/company: routes are {base}/file/upload, …/download/:id, …/delete/:id, …/list/:param */
  base: string;
  /** The list route's parameter name, as the SPEC spells it (companyId, projectId). */
  listParam: string;
  tag: string;
  menus: { read: string[]; write: string[] };
};

export function registerOwnerFileRoutes(app: FastifyInstance, d: OwnerFileRoutes) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [d.tag];
  const read = { menus: d.menus.read };
  const write = { menus: d.menus.write };
  const files = () => app.fileService;

  r.post(
    `${d.base}/file/upload`,
    {
      config: write,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart: field `id` (the owner), optional `document_type`, one or more files',
        response: { 200: z.array(fileRecordSchema) },
      },
    },
    async (req) => (await files().upload(req, currentUser(req), d.owner)).files.map(toFileRecord),
  );

  r.get(
    `${d.base}/file/download/:id`,
    { config: { ...read, files: ['file'] }, schema: { tags, params: idParamsSchema } },
    async (req, reply) => {
      const row = await files().find(app.db, d.owner, req.params.id, currentUser(req));
      return files().send(reply, row);
    },
  );

  r.delete(
    `${d.base}/file/delete/:id`,
    {
      config: write,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: documentTypeQuery,
        response: { 200: fileRecordSchema },
      },
    },
    (req) =>
      files().remove(d.owner, req.params.id, currentUser(req), {
        documentType: req.query.document_type || undefined,
      }),
  );

  r.get(
    `${d.base}/file/list/:${d.listParam}`,
    {
      config: read,
      schema: {
        tags,
        params: z.object({ [d.listParam]: idParam }),
        querystring: documentTypeQuery,
        response: { 200: z.array(fileRecordSchema) },
      },
    },
    (req) => {
      const ownerId = (req.params as Record<string, number>)[d.listParam]!;
      return files().list(d.owner, ownerId, currentUser(req), req.query.document_type || undefined);
    },
  );
}

/** An app built without a configured store (tests, bench) must not write into a real data folder. */
const scratchFilesConfig = (): FilesConfig => ({
  store: { kind: 'local', root: path.join(os.tmpdir(), `sitepay-files-${process.pid}`) },
  maxFileBytes: DEFAULT_MAX_FILE_BYTES,
  maxFiles: DEFAULT_MAX_FILES,
});

export function registerFileRoutes(app: FastifyInstance, config: FilesConfig = scratchFilesConfig()) {
  // fastify-plugin'd: the parser and request.parts() serve every module's uploads, not only these
  app.register(multipart);
  app.decorate('fileService', createFileService(app.db, createFileStore(config.store), config, app.log));

  registerOwnerFileRoutes(app, {
    owner: { kind: companyKind },
    base: '/api/admin/company',
    listParam: 'companyId',
    tag: 'company',
    menus: { read: ['company', 'company-view'], write: ['company-update'] },
  });
  registerOwnerFileRoutes(app, {
    owner: { kind: projectKind },
    base: '/api/admin/project',
    listParam: 'projectId',
    tag: 'project',
    menus: { read: ['project', 'project-view'], write: ['project-update'] },
  });
  // a bank guarantee's paper, inside its contract's scope (docs/adr/0095-bank-guarantees-checked.md)
  registerOwnerFileRoutes(app, {
    owner: { kind: contractGuaranteeKind },
    base: '/api/contract-guarantee',
    listParam: 'guaranteeId',
    tag: 'contract',
    menus: {
      read: ['contract', 'contract-view', 'payment', 'payment-create', 'payment-update', 'payment-view'],
      write: ['contract-update'],
    },
  });
  registerCompanyTemplateRoutes(app);
}
