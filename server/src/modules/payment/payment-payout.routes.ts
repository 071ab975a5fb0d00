/**
 * The payments of a request (docs/adr/0066-payments-as-they-happened.md): list them (GET
 * payments/{id}), record one (POST payments/{id}), reverse one (PATCH payments/reverse/{paymentId}),
 * and require-paid, which records one payment of what remains. Reading follows the request's read
 * menus; paying and reversing the accountant's, then the transition table decides request by request.
 */
import { idParamsSchema } from '@sitepay/domain/common.schema';
import {
  type PayoutInput,
  paymentSchema,
  payoutInputSchema,
  payoutReverseSchema,
  payoutSchema,
  requirePaidSchema,
} from '@sitepay/domain/payment.schema';
import { paymentMoveRoutes } from '@sitepay/domain/payment-workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { PAYMENT_MENUS, paymentKind } from './payment.resource.ts';
import { payoutsOf, recordPayout, reversePayout } from './payment-payout.service.ts';

const url = (path: string) => `/api/${path.replace('{id}', ':id')}`;

export function registerPaymentPayoutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { menus: PAYMENT_MENUS.write };

  r.get(
    '/api/payment-transaction/payments/:id',
    {
      config: { menus: PAYMENT_MENUS.read },
      schema: {
        tags: ['payment'],
        description: "The request's payments, oldest first, reversed ones included",
        params: idParamsSchema,
        response: { 200: z.array(payoutSchema) },
      },
    },
    (req) => app.db.transaction((tx) => payoutsOf(tx, paymentKind, req.params.id, currentUser(req)) as never),
  );

  r.route({
    method: paymentMoveRoutes.record_payment.method,
    url: url(paymentMoveRoutes.record_payment.path),
    config: write,
    schema: {
      tags: ['payment'],
      description: 'Records a payment against an accepted request; the one that pays the rest makes it paid',
      params: idParamsSchema,
      body: payoutInputSchema,
      response: { 200: paymentSchema },
    },
    handler: (req) => {
      const { version, ...fields } = req.body as PayoutInput;
      return app.db.transaction(
        (tx) => recordPayout(tx, paymentKind, req.params.id, version, fields, currentUser(req)) as never,
      );
    },
  });

  r.route({
    method: paymentMoveRoutes.confirm_paid.method,
    url: url(paymentMoveRoutes.confirm_paid.path),
    config: write,
    schema: {
      tags: ['payment'],
      description: 'Confirms an accepted request paid: one payment of what remains, today unless told',
      params: idParamsSchema,
      body: requirePaidSchema,
      response: { 200: paymentSchema },
    },
    handler: (req) => {
      const { version, ...fields } = req.body;
      return app.db.transaction(
        (tx) => recordPayout(tx, paymentKind, req.params.id, version, fields, currentUser(req)) as never,
      );
    },
  });

  r.route({
    method: paymentMoveRoutes.reverse_payment.method,
    url: url(paymentMoveRoutes.reverse_payment.path).replace(':id', ':paymentId'),
    config: write,
    schema: {
      tags: ['payment'],
      description: 'Reverses a payment, with its reason; by someone other than who recorded it',
      params: z.object({ paymentId: idParamsSchema.shape.id }),
      body: payoutReverseSchema,
      response: { 200: paymentSchema },
    },
    handler: (req) =>
      app.db.transaction(
        (tx) =>
          reversePayout(tx, paymentKind, req.params.paymentId, req.body.reason, currentUser(req)) as never,
      ),
  });
}
