/**
 * The workflow's own moves, registered from the transition table's routes
 * (domain/src/payment-workflow.ts `paymentMoveRoutes`): send and confirm payee under
 * /api/payment-transaction, accept and reject under /api/payment-approval (the payments, confirm
 * paid among them, are payment-payout.routes.ts). Each takes the version
 * read (and the decision's note: required to reject) and moves the request in one transaction
 * (payment.workflow.ts `applyMove`). A move is open to the menus of the capacity that makes it; the
 * table then decides, request by request, who may.
 */
import { idParamsSchema, versionBodySchema } from '@sitepay/domain/common.schema';
import { paymentDecisionSchema, paymentRejectSchema, paymentSchema } from '@sitepay/domain/payment.schema';
import {
  type Capacity,
  paymentMoveRoutes,
  paymentTransitions,
  workflowMoves,
} from '@sitepay/domain/payment-workflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth.ts';
import { PAYMENT_MENUS, paymentKind } from './payment.resource.ts';
import { applyMove } from './payment.workflow.ts';

const menusOf: Record<Capacity, string[]> = {
  accountant: PAYMENT_MENUS.write,
  approver: PAYMENT_MENUS.decide,
};
const bodyOf = { none: versionBodySchema, optional: paymentDecisionSchema, required: paymentRejectSchema };

export function registerPaymentMoveRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // confirm paid records a payment, with its own body: payment-payout.routes.ts
  for (const action of workflowMoves.filter((a) => a !== 'confirm_paid')) {
    const route = paymentMoveRoutes[action];
    const by = paymentTransitions.find((t) => t.action === action)!.by;
    r.route({
      method: route.method,
      url: `/api/${route.path.replace('{id}', ':id')}`,
      config: { menus: menusOf[by] },
      schema: {
        tags: ['payment'],
        params: idParamsSchema,
        body: bodyOf[route.note ?? 'none'] as typeof paymentDecisionSchema,
        response: { 200: paymentSchema },
      },
      handler: (req) =>
        app.db.transaction(
          (tx) =>
            applyMove(
              tx,
              paymentKind,
              req.params.id,
              req.body.version,
              action,
              currentUser(req),
              req.body.note,
            ) as never,
        ),
    });
  }
}
