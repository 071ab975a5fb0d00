/**
 * A payment request's VAT invoices (docs/adr/0068-payment-invoices.md, paths in
 * docs/product.md#payment-transactions): the list of a request, create, update and delete, with the
 * payment screens' menus — reading the request lists them, writing it changes them — and each
 * invoice's get and change history. The rules are in payment-invoice.service.ts.
 */
import { idParamsSchema, versionBodySchema } from '@sitepay/domain/common.schema';
import {
  paymentInvoiceInputSchema,
  paymentInvoiceSchema,
  paymentInvoiceUpdateSchema,
} from '@sitepay/domain/payment-invoice.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { PAYMENT_MENUS } from './payment.resource.ts';
import {
  createInvoice,
  deleteInvoice,
  invoicesOf,
  paymentInvoiceKind,
  updateInvoice,
} from './payment-invoice.service.ts';

const base = '/api/payment-invoice';
const tags = ['payment'];
const read = { menus: PAYMENT_MENUS.read };
const write = { menus: PAYMENT_MENUS.write };

export function registerPaymentInvoiceRoutes(app: FastifyInstance) {
  // get/{id} and history/{id}; the writes below lock the request first
  registerResource(app, {
    kind: paymentInvoiceKind,
    basePath: base,
    tag: 'payment',
    record: paymentInvoiceSchema,
    input: paymentInvoiceInputSchema,
    update: paymentInvoiceUpdateSchema,
    menus: { read: PAYMENT_MENUS.read, create: PAYMENT_MENUS.write, update: PAYMENT_MENUS.write },
    ownCreate: `${base}/create`,
    paths: {
      paging: false,
      all: false,
      create: false,
      update: false,
      active: false,
      deactivate: false,
      delete: false,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${base}/list/:paymentId`,
    {
      config: read,
      schema: {
        tags,
        description: 'The live invoices of a request, by date',
        params: z.object({ paymentId: idParamsSchema.shape.id }),
        response: { 200: z.array(paymentInvoiceSchema) },
      },
    },
    (req) => invoicesOf(app.db, req.params.paymentId, currentUser(req)) as never,
  );

  r.post(
    `${base}/create`,
    {
      config: write,
      schema: {
        tags,
        description: 'Adds an invoice to a request; its VAT and total are computed',
        body: paymentInvoiceInputSchema,
        response: { 200: paymentInvoiceSchema },
      },
    },
    (req) => createInvoice(app.db, req.body, currentUser(req)) as never,
  );

  r.put(
    `${base}/update/:id`,
    {
      config: write,
      schema: {
        tags,
        params: idParamsSchema,
        body: paymentInvoiceUpdateSchema,
        response: { 200: paymentInvoiceSchema },
      },
    },
    (req) => updateInvoice(app.db, req.params.id, req.body, currentUser(req)) as never,
  );

  r.delete(
    `${base}/delete/:id`,
    {
      config: write,
      schema: {
        tags,
        params: idParamsSchema,
        body: versionBodySchema,
        response: { 200: paymentInvoiceSchema },
      },
    },
    (req) => deleteInvoice(app.db, req.params.id, req.body.version, currentUser(req)) as never,
  );
}
