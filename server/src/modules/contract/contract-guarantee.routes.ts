/**
 * A contract's bank guarantees (bảo lãnh tạm ứng, thực hiện hợp đồng, bảo hành): a bank's papers with
 * an amount and an expiry date, kept beside the contract. They withhold nothing — the payable ceiling
 * counts the warranty retention only (docs/adr/0069-retention-apart-from-bank-guarantees.md). Listed
 * per contract, created, updated and deleted like annexes, inside the contract's scope.
 */
import { idParamsSchema } from '@sitepay/domain/common.schema';
import {
  contractGuaranteeInputSchema,
  contractGuaranteeSchema,
  contractGuaranteeUpdateSchema,
  expiringGuaranteeSchema,
} from '@sitepay/domain/contract.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessToday } from '../../core/business-time.ts';
import { currentUser } from '../../http/auth.ts';
import type { Row } from '../../http/record-kind.ts';
import { findRecord, toRecord } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { contractKind } from './contract.resource.ts';
import { contractGuaranteeKind } from './contract-guarantee.resource.ts';
import { expiringGuarantees, guaranteesOf } from './contract-guarantee.service.ts';

export function registerContractGuaranteeRoutes(app: FastifyInstance, read: string[], update: string[]) {
  registerResource(app, {
    kind: contractGuaranteeKind,
    basePath: '/api/contract-guarantee',
    tag: 'contract',
    record: contractGuaranteeSchema,
    input: contractGuaranteeInputSchema,
    update: contractGuaranteeUpdateSchema,
    menus: { read, create: update, update },
    paths: { paging: false, all: false, active: false, deactivate: false },
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/contract-guarantee/list/:contractId',
    {
      config: { menus: read },
      schema: {
        tags: ['contract'],
        params: z.object({ contractId: idParamsSchema.shape.id }),
        response: { 200: z.array(contractGuaranteeSchema) },
      },
    },
    async (req) => {
      await findRecord(app.db, contractKind, req.params.contractId, currentUser(req));
      const rows = await guaranteesOf(app.db as never, req.params.contractId, businessToday());
      return rows.map((x) => toRecord(x as Row)) as never;
    },
  );
  // the home card: what expires within 30 days in the caller's scope (docs/adr/0095-bank-guarantees-checked.md)
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/contract-guarantee/expiring',
    {
      config: { menus: read },
      schema: { tags: ['contract'], response: { 200: z.array(expiringGuaranteeSchema) } },
    },
    async (req) => {
      const rows = await expiringGuarantees(app.db as never, businessToday(), currentUser(req));
      return rows.map((x) => toRecord(x as Row)) as never;
    },
  );
}
