/**
 * A payment request's VAT invoices (docs/adr/0068-payment-invoices.md, paths in
 * docs/product.md#payment-transactions): the list of a request, create, update and delete, with the
 * payment screens' menus — reading the request lists them, writing it changes them — and each
 * invoice's get and change history; the import of e-invoice XML and an administrator's waiver of a
 * blocking check (docs/adr/0092-einvoice-xml-checks.md). The rules are in payment-invoice.service.ts.
 */
import { idParamsSchema, versionBodySchema } from '@sitepay/domain/common.schema';
import type { EInvoiceFacts } from '@sitepay/domain/einvoice';
import {
  invoiceWaiveSchema,
  paymentInvoiceInputSchema,
  paymentInvoiceSchema,
  paymentInvoiceUpdateSchema,
} from '@sitepay/domain/payment-invoice.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { findRecord } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { EINVOICE_MAX_BYTES, EInvoiceError, readInvoiceFile } from './einvoice-xml.ts';
import { PAYMENT_MENUS, paymentKind } from './payment.resource.ts';

/** At most this many files in one import. */
const MAX_PARTS = 20;

/**
 * Every file part of the request read as e-invoices, before anything is saved: the first fault is a
 * 400 naming the file (a part over 5 MB included), the rest of the body drained.
 */
async function readParts(req: FastifyRequest): Promise<EInvoiceFacts[]> {
  if (!req.isMultipart()) throw einvoiceFault('required', 'file', 'send the invoices as multipart/form-data');
  const invoices: EInvoiceFacts[] = [];
  let files = 0;
  let fault: Error | null = null;
  let name = 'file';
  try {
    for await (const part of req.parts({ limits: { fileSize: EINVOICE_MAX_BYTES + 1, files: MAX_PARTS } })) {
      if (part.type === 'field') continue;
      if (!part.filename || fault) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      files++;
      name = part.filename.slice(0, 200);
      try {
        const bytes = await part.toBuffer();
        if (bytes.length > EINVOICE_MAX_BYTES || part.file.truncated)
          throw new EInvoiceError('einvoice_too_large', name, 'the file is over 5 MB');
        invoices.push(...readInvoiceFile(bytes, name));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          fault = einvoiceFault('einvoice_too_large', name, `${name}: the file is over 5 MB`);
        else if (error instanceof EInvoiceError)
          fault = einvoiceFault(error.reason, error.file, error.message);
        else throw error;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw einvoiceFault('einvoice_too_large', name, `${name}: the file is over 5 MB`);
    if (code === 'FST_FILES_LIMIT')
      throw einvoiceFault('too_many', 'file', `at most ${MAX_PARTS} files in one import`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw einvoiceFault('required', 'file', 'send the invoices as multipart/form-data');
    if (
      error instanceof Error &&
      /^(Multipart: |Unexpected end of|Malformed|Boundary not found)/i.test(error.message)
    )
      throw einvoiceFault('malformed', 'file', 'the multipart body is malformed');
    throw error;
  }
  if (fault) throw fault;
  if (!files) throw einvoiceFault('required', 'file', 'no file in the request');
  return invoices;
}

import {
  createInvoice,
  deleteInvoice,
  einvoiceFault,
  importXmlInvoices,
  invoicesOf,
  paymentInvoiceKind,
  updateInvoice,
  waiveInvoiceCheck,
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

  r.post(
    `${base}/import-xml/:paymentId`,
    {
      config: write,
      schema: {
        tags,
        description:
          'multipart: one or more e-invoice files (.xml, or a .zip of them) read and added to the request with their checks, all or none',
        params: z.object({ paymentId: idParamsSchema.shape.id }),
        consumes: ['multipart/form-data'],
        response: { 200: z.array(paymentInvoiceSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      // out of scope: 404 before any byte is read
      await findRecord(app.db, paymentKind, req.params.paymentId, user);
      const invoices = await readParts(req);
      return importXmlInvoices(app.db, req.params.paymentId, invoices, user) as never;
    },
  );

  r.patch(
    `${base}/waive/:id`,
    {
      config: write,
      schema: {
        tags,
        description: "An administrator lets an XML invoice's blocking check pass, with a reason",
        params: idParamsSchema,
        body: invoiceWaiveSchema,
        response: { 200: paymentInvoiceSchema },
      },
    },
    (req) => waiveInvoiceCheck(app.db, req.params.id, req.body, currentUser(req)) as never,
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
