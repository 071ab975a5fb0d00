/**
 * The Excel exports of docs/product.md#reports-and-exports (GET /api/export/construction, constructor,
 * contract, payment): each takes its list's query — the construction selector, status, search, sort, the
 * list's own filters and, where the list has a date, `from`/`to` — with the list's data scope, and the menus
 * of reading that list. `lang=vi|en` (else Accept-Language, else Vietnamese) picks the headers. The workbook
 * itself is xlsx-export.ts; this file only describes the four lists.
 */
import { pagingQuerySchema } from '@sitepay/domain/common.schema';
import { contractListQuerySchema } from '@sitepay/domain/contract.schema';
import { construction } from '@sitepay/domain/entities/construction.entity';
import { contractor } from '@sitepay/domain/entities/constructor.entity';
import { contract } from '@sitepay/domain/entities/contract.entity';
import { payment } from '@sitepay/domain/entities/payment.entity';
import { payout } from '@sitepay/domain/entities/payout.entity';
import { commonFieldLabels } from '@sitepay/domain/entity';
import { paymentListQuerySchema } from '@sitepay/domain/payment.schema';
import { isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentPayout } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { constructionKind, constructionListQuery } from '../construction/construction.resource.ts';
import { constructorKind } from '../constructor/constructor.resources.ts';
import { contractKind } from '../contract/contract.resource.ts';
import { paymentKind } from '../payment/payment.resource.ts';
import { narrowedPaymentLists } from '../payment/payment-lists.service.ts';
import { describeFilters, paymentViews, statusLabels } from './export-filters.ts';
import {
  defineExport,
  type ExportColumn,
  entityExportColumns,
  exportLang,
  sendXlsx,
  type Words,
} from './xlsx-export.ts';

const status: ExportColumn = {
  field: 'status',
  header: commonFieldLabels.status!,
  width: 16,
  labels: statusLabels,
};

// The columns and headers come from the descriptions (the screens' labels, the choices' words).
export const constructionExport = defineExport({
  kind: constructionKind,
  entity: 'construction',
  title: { vi: 'Danh sách công trình', en: 'Constructions' },
  described: construction,
  columns: [...entityExportColumns(construction), status],
});

export const constructorExport = defineExport({
  kind: constructorKind,
  entity: 'constructor',
  title: { vi: 'Danh sách nhà thầu', en: 'Contractors' },
  described: contractor,
  columns: [...entityExportColumns(contractor), status],
});

export const contractExport = defineExport({
  kind: contractKind,
  entity: 'contract',
  title: { vi: 'Danh sách hợp đồng', en: 'Contracts' },
  described: contract,
  columns: [...entityExportColumns(contract), status],
});

// Each payment made against a request, as the bank made it: its dates, amounts and references,
// listed in one cell each (the payments of a whole batch of requests are read in one statement).
const payouts = (field: string, label: Words, many: ExportColumn['many'], width: number): ExportColumn => ({
  field,
  header: { vi: `${label.vi} (từng lần)`, en: `${label.en} (each payment)` },
  many,
  width,
});

export const paymentExport = defineExport({
  kind: paymentKind,
  entity: 'payment',
  title: { vi: 'Danh sách yêu cầu thanh toán', en: 'Payment requests' },
  described: payment,
  columns: [
    ...entityExportColumns(payment),
    payouts('payout_dates', payout.fields.paid_date!.label, 'date', 24),
    payouts('payout_amounts', payout.fields.amount!.label, 'money', 26),
    payouts('payout_references', payout.fields.bank_reference!.label, 'text', 28),
    status,
  ],
  related: {
    table: paymentPayout,
    owner: paymentPayout.payment_id,
    where: isNull(paymentPayout.reversed_at),
    orderBy: [paymentPayout.paid_date, paymentPayout.id],
    fields: {
      payout_dates: paymentPayout.paid_date,
      payout_amounts: paymentPayout.amount,
      payout_references: paymentPayout.bank_reference,
    },
  },
});

// ------------------------------------------------------------------------------ routes

/** A list's query without its paging (an export has every page), plus the language. */
const exportQuery = <T extends z.ZodObject>(list: T) =>
  list.omit({ page: true, itemsPerPage: true, cursor: true, exactTotal: true } as never).extend({
    lang: z.enum(['vi', 'en']).optional(),
  });

const exports = [
  {
    spec: constructionExport,
    query: exportQuery(constructionListQuery),
    menus: ['construction', 'construction-view'],
  },
  {
    spec: constructorExport,
    query: exportQuery(pagingQuerySchema),
    menus: ['constructor', 'constructor-view'],
  },
  { spec: contractExport, query: exportQuery(contractListQuerySchema), menus: ['contract', 'contract-view'] },
  {
    spec: paymentExport,
    query: exportQuery(paymentListQuerySchema).extend({
      /** The payment list's quick views (their own paging endpoints). */
      view: z.enum(Object.keys(paymentViews) as [keyof typeof paymentViews]).optional(),
    }),
    menus: ['payment', 'payment-view'],
  },
];

export function registerExportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const { spec, query, menus } of exports) {
    r.get(
      `/api/export/${spec.entity}`,
      {
        config: { menus, files: ['xlsx'] },
        schema: {
          tags: ['export'],
          description: `The ${spec.title.en.toLowerCase()} list as an Excel workbook (.xlsx), every page of it, with the list's filters`,
          querystring: query,
        },
      },
      async (req, reply) => {
        const user = currentUser(req);
        const { lang: asked, ...listQuery } = req.query as Record<string, unknown> & { lang?: string };
        const lang = exportLang(req, asked);
        const view = paymentViews[listQuery.view as keyof typeof paymentViews];
        const extraWhere = view ? narrowedPaymentLists[view.list]!(user) : undefined;
        // as the overdue list: the oldest debt first unless the client sorts otherwise
        if (view?.list === 'overdue' && !listQuery.sortBy)
          Object.assign(listQuery, { sortBy: 'due_date', sortDesc: false });
        return sendXlsx(app, reply, spec, {
          query: listQuery,
          user,
          lang,
          extraWhere,
          filters: await describeFilters(app.db, spec.columns, listQuery, user, lang, spec.described),
        });
      },
    );
  }
}
