/**
 * A contract's files (docs/product.md#contracts-and-annexes) and its print-template permission, through
 * the shared file service: same size limit, type allow-list, scope (404 outside it) and history.
 */
import { idParam } from '@sitepay/domain/common.schema';
import { fileRecordSchema, templatePermissionSchema } from '@sitepay/domain/file.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type FileOwner, toFileRecord } from '../../files/file.service.ts';
import { currentUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { findRecord } from '../../http/records.ts';
import { contractKind } from './contract.resource.ts';

const owner: FileOwner = { kind: contractKind };
const contractParams = z.object({ contractId: idParam });
const uploadParams = z.object({ contractId: idParam, uploadId: idParam });
const read = { menus: ['contract', 'contract-view', 'payment-view'] };
const write = { menus: ['contract-create', 'contract-update'] };
const tags = ['contract'];

export function registerContractFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/upload/contracts/:contractId',
    {
      config: write,
      schema: {
        tags,
        params: contractParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.array(fileRecordSchema) },
      },
    },
    async (req) => {
      const { files } = await app.fileService.upload(req, currentUser(req), owner, {
        ownerId: req.params.contractId,
      });
      return files.map(toFileRecord);
    },
  );

  r.get(
    '/api/upload/contracts/:contractId',
    { config: read, schema: { tags, params: contractParams, response: { 200: z.array(fileRecordSchema) } } },
    (req) => app.fileService.list(owner, req.params.contractId, currentUser(req)),
  );

  /** The file, if it is one of this contract's: another contract's upload id answers 404. */
  const fileOf = async (contractId: number, uploadId: number, user: ReturnType<typeof currentUser>) => {
    const row = await app.fileService.find(app.db, owner, uploadId, user);
    if (row.owner_id !== contractId) throw notFound('file');
    return row;
  };

  r.get(
    '/api/download/contracts/:contractId/:uploadId',
    { config: { ...read, files: ['file'] }, schema: { tags, params: uploadParams } },
    async (req, reply) =>
      app.fileService.send(reply, await fileOf(req.params.contractId, req.params.uploadId, currentUser(req))),
  );

  r.delete(
    '/api/upload/contracts/:contractId/:uploadId',
    { config: write, schema: { tags, params: uploadParams, response: { 200: fileRecordSchema } } },
    async (req) => {
      const user = currentUser(req);
      await fileOf(req.params.contractId, req.params.uploadId, user);
      return app.fileService.remove(owner, req.params.uploadId, user);
    },
  );

  r.get(
    '/api/contract/templates/:id/permission',
    {
      config: read,
      schema: { tags, params: z.object({ id: idParam }), response: { 200: templatePermissionSchema } },
    },
    async (req) => {
      const c = await findRecord(app.db, contractKind, req.params.id, currentUser(req));
      return app.templatePermission(c.company_id);
    },
  );
}
