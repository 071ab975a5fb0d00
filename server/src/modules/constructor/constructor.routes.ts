/** What contractors have beyond the generic records: a contractor's payees, a payee's contractor. */
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { beneficiarySchema, constructorSchema } from '@sitepay/domain/constructor.schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { beneficiary } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { findRecord, listAllRecords, toRecord } from '../../http/records.ts';
import { beneficiaryKind, constructorKind } from './constructor.resources.ts';

const b = beneficiary;

export function registerConstructorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readMenus = beneficiaryKind.routes.menus!.read;
  r.get(
    '/api/beneficiary/get-by-constructor/:id',
    {
      config: { menus: readMenus },
      schema: {
        tags: ['constructor'],
        params: idParamsSchema,
        response: { 200: z.array(beneficiarySchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await findRecord(app.db, constructorKind, req.params.id, user);
      return (await listAllRecords(
        app.db,
        beneficiaryKind,
        user,
        eq(b.constructor_id, req.params.id),
      )) as never;
    },
  );
  r.get(
    '/api/constructor/get-by-beneficiary/:id',
    {
      config: { menus: readMenus },
      schema: { tags: ['constructor'], params: idParamsSchema, response: { 200: constructorSchema } },
    },
    async (req) => {
      const user = currentUser(req);
      const owner = await findRecord(app.db, beneficiaryKind, req.params.id, user);
      return toRecord(await findRecord(app.db, constructorKind, owner.constructor_id, user)) as never;
    },
  );
}
