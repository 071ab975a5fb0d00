/**
 * What an export's title row and a report's say about the list they were made from: the labels of
 * statuses and the filters in words (a record named by id is looked up within the user's scope).
 * Used by the list exports and the report exports alike.
 */
import { payment } from '@sitepay/domain/entities/payment.entity';
import { choiceLabels, commonFieldLabels, type Entity } from '@sitepay/domain/entity';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contractType } from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { findRecord, type RecordKind } from '../../http/records.ts';
import { companyKind } from '../company/company.resource.ts';
import { constructionKind } from '../construction/construction.resource.ts';
import { constructorKind } from '../constructor/constructor.resources.ts';
import { contractKind } from '../contract/contract.resource.ts';
import { projectKind } from '../project/project.resource.ts';
import type { ExportColumn, Lang, Words } from './xlsx-export.ts';

export const statusLabels: Record<string, Words> = {
  O: { vi: 'Hoạt động', en: 'Active' },
  C: { vi: 'Ngừng hoạt động', en: 'InActive' },
  D: { vi: 'Đã xóa', en: 'Deleted' },
};
const approvalLabels = choiceLabels(payment, 'approval_status');
const paymentStatusLabels = choiceLabels(payment, 'payment_status');

const filterWords = {
  construction: { vi: 'Công trình', en: 'Construction' },
  project: { vi: 'Dự án', en: 'Project' },
  company: { vi: 'Công ty', en: 'Company' },
  constructor: { vi: 'Nhà thầu', en: 'Contractor' },
  contract: { vi: 'Hợp đồng', en: 'Contract' },
  contractType: { vi: 'Loại hợp đồng', en: 'Contract type' },
  status: { vi: 'Trạng thái', en: 'Status' },
  view: { vi: 'Xem', en: 'View' },
  approvalStatus: { vi: 'Trạng thái duyệt', en: 'Approval' },
  paymentStatus: { vi: 'Thanh toán', en: 'Payment' },
  from: { vi: 'Từ ngày', en: 'From' },
  to: { vi: 'Đến ngày', en: 'To' },
  search: { vi: 'Tìm', en: 'Search' },
  sort: { vi: 'Sắp xếp', en: 'Sorted by' },
  descending: { vi: 'giảm dần', en: 'descending' },
  ascending: { vi: 'tăng dần', en: 'ascending' },
} satisfies Record<string, Words>;

const statusFilterWords: Record<string, Words> = {
  all: { vi: 'Tất cả', en: 'All' },
  open: { vi: 'Hoạt động', en: 'Active' },
  deactive: { vi: 'Ngừng hoạt động', en: 'InActive' },
  deleted: { vi: 'Đã xóa', en: 'Deleted' },
  unpaid: { vi: 'Chưa thanh toán', en: 'Unpaid' },
  paid: { vi: 'Đã thanh toán', en: 'Paid' },
  'over due': { vi: 'Quá hạn', en: 'Overdue' },
  overdue: { vi: 'Quá hạn', en: 'Overdue' },
};

export const paymentViews = {
  mine: { list: 'transaction-created', words: { vi: 'Do tôi tạo', en: 'Created by me' } },
  today: { list: 'today', words: { vi: 'Hôm nay', en: 'Today' } },
  week: { list: 'week', words: { vi: 'Tuần này', en: 'This week' } },
  month: { list: 'month', words: { vi: 'Tháng này', en: 'This month' } },
  overdue: { list: 'overdue', words: { vi: 'Quá hạn', en: 'Overdue' } },
} as const;

const isoToDisplay = (iso: string, lang: Lang) => {
  const [y, m, d] = iso.split('-');
  return lang === 'en' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
};

/**
 * The column a list is sorted by, as the reader knows it: its header in the export, else its label
 * in the list's description, else the label every record's stamps share ("Ngày tạo" for
 * `created_at`) — never the column's own name.
 */
export function sortLabel(field: string, columns: ExportColumn[], described?: Entity): Words {
  const label =
    columns.find((c) => c.field === field)?.header ??
    described?.fields[field]?.label ??
    commonFieldLabels[field];
  return label ?? { vi: field, en: field };
}

/**
 * The list's filters as the title row says them. A record named by id is looked up within the
 * user's scope, as the list itself would: an id outside it is shown as a number, never by name.
 */
export async function describeFilters(
  db: Tx,
  columns: ExportColumn[],
  query: Record<string, unknown>,
  user: CurrentUser,
  lang: Lang,
  described?: Entity,
): Promise<string[]> {
  const lines: string[] = [];
  const named = async (
    key: keyof typeof filterWords,
    kind: RecordKind,
    id: unknown,
    show: (r: never) => string,
  ) => {
    const n = Number(id);
    if (!Number.isInteger(n) || n <= 0) return;
    const found = await findRecord(db, kind, n, user).catch(() => null);
    lines.push(`${filterWords[key][lang]}: ${found ? show(found as never) : `#${n}`}`);
  };
  const codeName = (r: { code?: string; name?: string }) => [r.code, r.name].filter(Boolean).join(' – ');
  await named('construction', constructionKind, query.constructionId, codeName);
  await named('project', projectKind, query.projectId, codeName);
  await named('company', companyKind, query.companyId, (r: { name: string }) => r.name);
  await named('constructor', constructorKind, query.constructorId, codeName);
  await named('contract', contractKind, query.contractId, (r: { contract_no: string }) => r.contract_no);
  const typeId = Number(query.contractTypeId);
  if (Number.isInteger(typeId) && typeId > 0) {
    const [type] = await db
      .select({ name: contractType.name })
      .from(contractType)
      .where(eq(contractType.id, typeId));
    lines.push(`${filterWords.contractType[lang]}: ${type?.name ?? `#${typeId}`}`);
  }
  const view = paymentViews[query.view as keyof typeof paymentViews];
  if (view) lines.push(`${filterWords.view[lang]}: ${view.words[lang]}`);
  if (typeof query.status === 'string')
    lines.push(`${filterWords.status[lang]}: ${statusFilterWords[query.status]?.[lang] ?? query.status}`);
  if (typeof query.approvalStatus === 'string')
    lines.push(
      `${filterWords.approvalStatus[lang]}: ${approvalLabels[query.approvalStatus]?.[lang] ?? query.approvalStatus}`,
    );
  if (typeof query.paymentStatus === 'string')
    lines.push(
      `${filterWords.paymentStatus[lang]}: ${paymentStatusLabels[query.paymentStatus]?.[lang] ?? query.paymentStatus}`,
    );
  if (typeof query.from === 'string')
    lines.push(`${filterWords.from[lang]} ${isoToDisplay(query.from, lang)}`);
  if (typeof query.to === 'string') lines.push(`${filterWords.to[lang]} ${isoToDisplay(query.to, lang)}`);
  if (typeof query.search === 'string' && query.search.trim())
    lines.push(`${filterWords.search[lang]}: “${query.search.trim()}”`);
  if (typeof query.sortBy === 'string') {
    const direction = query.sortDesc ? filterWords.descending : filterWords.ascending;
    lines.push(
      `${filterWords.sort[lang]}: ${sortLabel(query.sortBy, columns, described)[lang]} (${direction[lang]})`,
    );
  }
  return lines;
}
