/**
 * A payment request's discussion (docs/product.md#payment-transactions): `GET comments/{id}` its
 * thread, oldest first, and `POST comments/{id} {text}` a comment (201, with the users its mentions
 * told), under /api/payment-transaction, open to the menus that read requests. The reads, writes and
 * mentions are in payment-comment.service.ts.
 */
import { idParamsSchema } from '@sitepay/domain/common.schema';
import {
  paymentCommentInputSchema,
  paymentCommentPostedSchema,
  paymentCommentSchema,
} from '@sitepay/domain/payment-comment.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { PAYMENT_MENUS } from './payment.resource.ts';
import { addPaymentComment, paymentComments } from './payment-comment.service.ts';

const url = '/api/payment-transaction/comments/:id';
const tags = ['payment'];

export function registerPaymentCommentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { menus: PAYMENT_MENUS.read };

  r.get(
    url,
    {
      config,
      schema: {
        tags,
        description: 'A request’s discussion, oldest first (its latest 500 comments)',
        params: idParamsSchema,
        response: { 200: z.array(paymentCommentSchema) },
      },
    },
    (req) => paymentComments(app.db, req.params.id, currentUser(req)),
  );

  r.post(
    url,
    {
      config,
      schema: {
        tags,
        description:
          'Adds a comment (never edited or deleted); `mentioned`: the users its @user_name mentions mailed',
        params: idParamsSchema,
        body: paymentCommentInputSchema,
        response: { 201: paymentCommentPostedSchema },
      },
    },
    async (req, reply) => {
      const posted = await addPaymentComment(app.db, req.params.id, req.body.text, currentUser(req));
      return reply.code(201).send(posted);
    },
  );
}
