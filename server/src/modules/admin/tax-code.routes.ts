/**
 * The one-off report of older data whose tax code fails the rule (domain/src/tax-code.ts,
 * docs/adr/0093-tax-codes-checked-by-their-check-digit.md): every live company, contractor, customer
 * and invoice whose stored code the field's format refuses — kept, read and edited as before, listed
 * here so the finance team can correct them. For administrators (the companies' change menu).
 */
import { type InvalidTaxCode, invalidTaxCodeReportSchema } from '@sitepay/domain/admin.schema';
import { company as companyEntity } from '@sitepay/domain/entities/company.entity';
import { contractor as contractorEntity } from '@sitepay/domain/entities/constructor.entity';
import { customer as customerEntity } from '@sitepay/domain/entities/customer.entity';
import { paymentInvoice as invoiceEntity } from '@sitepay/domain/entities/payment-invoice.entity';
import type { Entity, TextFormat } from '@sitepay/domain/entity';
import { formatAccepts } from '@sitepay/domain/entity-schemas';
import { and, isNotNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { company, constructorTable, customer, paymentInvoice } from '../../db/schema.ts';

const formatOf = (entity: Entity, field: string): TextFormat => {
  const f = entity.fields[field];
  if (!f || (f.type !== 'text' && f.type !== 'textarea') || !f.format) throw new Error(`${field}: no format`);
  return f.format;
};

type Stored = {
  id: number;
  code: string;
  name: string | null;
  tax_code: string | null;
  payment_id: number | null;
};

export function registerTaxCodeReportRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/tax-code/invalid',
    {
      config: { menus: ['company-update'] },
      schema: { tags: ['company'], response: { 200: invalidTaxCodeReportSchema } },
    },
    async () => {
      const live = <T extends { status: unknown }>(t: T) => ne(t.status as never, 'D');
      const kinds: [InvalidTaxCode['kind'], Entity, string, Promise<Stored[]>][] = [
        [
          'company',
          companyEntity,
          'tax_code',
          app.db
            .select({
              id: company.id,
              code: company.code,
              name: company.name,
              tax_code: company.tax_code,
              payment_id: sql<null>`null`,
            })
            .from(company)
            .where(and(live(company), isNotNull(company.tax_code))),
        ],
        [
          'constructor',
          contractorEntity,
          'tax_code',
          app.db
            .select({
              id: constructorTable.id,
              code: constructorTable.code,
              name: constructorTable.name,
              tax_code: constructorTable.tax_code,
              payment_id: sql<null>`null`,
            })
            .from(constructorTable)
            .where(and(live(constructorTable), isNotNull(constructorTable.tax_code))),
        ],
        [
          'customer',
          customerEntity,
          'tax_code',
          app.db
            .select({
              id: customer.id,
              code: customer.code,
              name: customer.name,
              tax_code: customer.tax_code,
              payment_id: sql<null>`null`,
            })
            .from(customer)
            .where(and(live(customer), isNotNull(customer.tax_code))),
        ],
        [
          'payment-invoice',
          invoiceEntity,
          'seller_tax_code',
          app.db
            .select({
              id: paymentInvoice.id,
              code: sql<string>`${paymentInvoice.form} || ' ' || ${paymentInvoice.symbol} || ' ' || ${paymentInvoice.number}`,
              name: sql<null>`null`,
              tax_code: paymentInvoice.seller_tax_code,
              payment_id: paymentInvoice.payment_id,
            })
            .from(paymentInvoice)
            .where(live(paymentInvoice)),
        ],
      ];
      let checked = 0;
      const items: InvalidTaxCode[] = [];
      for (const [kind, entity, field, query] of kinds) {
        const format = formatOf(entity, field);
        const rows = await query;
        checked += rows.length;
        for (const r of rows.sort((a, b) => a.code.localeCompare(b.code) || a.id - b.id))
          if (r.tax_code !== null && !formatAccepts(format, r.tax_code))
            items.push({
              kind,
              id: r.id,
              code: r.code,
              name: r.name,
              field,
              tax_code: r.tax_code,
              payment_id: r.payment_id,
            });
      }
      return { checked, items };
    },
  );
}
