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
import { commonFieldLabels } from '@sitepay/domain/entity';
import { paymentListQuerySchema } from '@sitepay/domain/payment.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { constructionKind, constructionListQuery } from '../construction/construction.resource.ts';
import { constructorKind } from '../constructor/constructor.resources.ts';
import { contractKind } from '../contract/contract.resource.ts';
import { paymentKind } from '../payment/payment.resource.ts';
import { narrowedPaymentLists } from '../payment/payment-lists.service.ts';
import {
  approvalLabels,
  describeFilters,
  paymentStatusLabels,
  paymentViews,
  statusLabels,
} from './export-filters.ts';
import { defineExport, type ExportColumn, entityExportColumns, exportLang, sendXlsx } from './xlsx-export.ts';

const status: ExportColumn = {
  field: 'status',
  header: commonFieldLabels.status!,
  width: 16,
  labels: statusLabels,
};

// The described entities' columns and headers come from their descriptions (the screens' labels);
// the others' headers are the list screens' own words, kept here so that the server needs nothing
// from the web's build.
export const constructionExport = defineExport({
  kind: constructionKind,
  entity: 'construction',
  title: { vi: 'Danh sách công trình', en: 'Constructions' },
  columns: [...entityExportColumns(construction), status],
});

export const constructorExport = defineExport({
  kind: constructorKind,
  entity: 'constructor',
  title: { vi: 'Danh sách nhà thầu', en: 'Contractors' },
  columns: [...entityExportColumns(contractor), status],
});

export const contractExport = defineExport({
  kind: contractKind,
  entity: 'contract',
  title: { vi: 'Danh sách hợp đồng', en: 'Contracts' },
  columns: [
    { field: 'contract_no', header: { vi: 'Số hợp đồng', en: 'Contract no.' }, width: 18 },
    { field: 'contract_type_name', header: { vi: 'Loại hợp đồng', en: 'Contract type' }, width: 24 },
    { field: 'construction_code', header: { vi: 'Mã công trình', en: 'Construction code' }, width: 12 },
    { field: 'construction_name', header: { vi: 'Công trình', en: 'Construction' }, width: 32 },
    { field: 'constructor_code', header: { vi: 'Mã nhà thầu', en: 'Contractor code' }, width: 12 },
    { field: 'constructor_name', header: { vi: 'Nhà thầu', en: 'Contractor' }, width: 32 },
    { field: 'beneficiary_name', header: { vi: 'Đơn vị thụ hưởng', en: 'Beneficiary' }, width: 30 },
    { field: 'signed_date', header: { vi: 'Ngày ký', en: 'Signed date' }, type: 'date', width: 12 },
    {
      field: 'amount_before_vat',
      header: { vi: 'Giá trị trước thuế', en: 'Amount before VAT' },
      type: 'money',
      width: 18,
    },
    { field: 'vat_rate', header: { vi: 'Thuế suất (%)', en: 'VAT rate (%)' }, type: 'decimal', width: 10 },
    {
      field: 'amount_vat',
      header: { vi: 'Giá trị sau thuế', en: 'Amount incl. VAT' },
      type: 'money',
      width: 18,
    },
    { field: 'annex_amount', header: { vi: 'Tổng phụ lục', en: 'Annexes total' }, type: 'money', width: 16 },
    {
      field: 'contract_value',
      header: { vi: 'Giá trị hợp đồng', en: 'Contract value' },
      type: 'money',
      width: 18,
    },
    {
      field: 'settlement_amount',
      header: { vi: 'Giá trị quyết toán', en: 'Settlement amount' },
      type: 'money',
      width: 18,
    },
    {
      field: 'guarantee_effective',
      header: { vi: 'Tiền bảo lãnh', en: 'Guarantee amount' },
      type: 'money',
      width: 16,
    },
    { field: 'penalty_amount', header: { vi: 'Tiền phạt', en: 'Penalty' }, type: 'money', width: 14 },
    status,
  ],
});

export const paymentExport = defineExport({
  kind: paymentKind,
  entity: 'payment',
  title: { vi: 'Danh sách yêu cầu thanh toán', en: 'Payment requests' },
  columns: [
    { field: 'requirement_no', header: { vi: 'Số yêu cầu', en: 'Request no.' }, type: 'integer', width: 9 },
    { field: 'contract_no', header: { vi: 'Số hợp đồng', en: 'Contract no.' }, width: 18 },
    { field: 'construction_code', header: { vi: 'Mã công trình', en: 'Construction code' }, width: 12 },
    { field: 'construction_name', header: { vi: 'Công trình', en: 'Construction' }, width: 30 },
    { field: 'constructor_code', header: { vi: 'Mã nhà thầu', en: 'Contractor code' }, width: 12 },
    { field: 'constructor_name', header: { vi: 'Nhà thầu', en: 'Contractor' }, width: 30 },
    { field: 'payment_type_name', header: { vi: 'Loại thanh toán', en: 'Payment type' }, width: 20 },
    { field: 'transaction_type_name', header: { vi: 'Loại giao dịch', en: 'Transaction type' }, width: 22 },
    { field: 'date', header: { vi: 'Ngày thanh toán', en: 'Payment date' }, type: 'date', width: 12 },
    { field: 'due_date', header: { vi: 'Hạn thanh toán', en: 'Due date' }, type: 'date', width: 12 },
    { field: 'amount', header: { vi: 'Số tiền đề nghị', en: 'Amount requested' }, type: 'money', width: 17 },
    {
      field: 'invoice_amount',
      header: { vi: 'Giá trị hóa đơn', en: 'Invoice amount' },
      type: 'money',
      width: 17,
    },
    {
      field: 'guarantee_amount',
      header: { vi: 'Tiền bảo hành', en: 'Warranty amount' },
      type: 'money',
      width: 15,
    },
    { field: 'penalty_amount', header: { vi: 'Tiền phạt', en: 'Penalty' }, type: 'money', width: 14 },
    {
      field: 'advance_recovery',
      header: { vi: 'Thu hồi tạm ứng', en: 'Advance recovery' },
      type: 'money',
      width: 15,
    },
    {
      field: 'approval_status',
      header: { vi: 'Trạng thái duyệt', en: 'Approval' },
      width: 13,
      labels: approvalLabels,
    },
    {
      field: 'payment_status',
      header: { vi: 'Thanh toán', en: 'Payment' },
      width: 15,
      labels: paymentStatusLabels,
    },
    { field: 'overdue', header: { vi: 'Quá hạn', en: 'Overdue' }, type: 'flag', width: 9 },
    { field: 'note', header: { vi: 'Nội dung thanh toán', en: 'Payment content' }, width: 44 },
    { field: 'department_name', header: { vi: 'Phòng ban', en: 'Department' }, width: 18 },
    { field: 'user_full_name', header: { vi: 'Người tạo', en: 'Created by' }, width: 20 },
    status,
  ],
});

// ------------------------------------------------------------------------------ the filters, in words

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
          filters: await describeFilters(app.db, spec.columns, listQuery, user, lang),
        });
      },
    );
  }
}
