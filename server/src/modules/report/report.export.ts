/**
 * The reports as Excel workbooks (`?format=xlsx` on every GET /api/report/…): each table of the
 * report a sheet, with the export machinery's heading (title, filters in words, time, user), money
 * as numbers shown `#,##0`, and the report's totals as a bold last row. Headers are the report
 * screens' own words (web/src/i18n/report.*.json).
 */
import { figureWords } from '@sitepay/domain/figure-words';
import { abbreviateAmount } from '@sitepay/domain/number-format';
import { VALUE_BUCKETS } from '@sitepay/domain/report.schema';
import type { ExportColumn, Lang, SheetOfRows, Words } from '../export/xlsx-export.ts';

type Row = Record<string, unknown>;
type Result = Record<string, unknown>;

const money = (field: string, vi: string, en: string): ExportColumn => ({
  field,
  header: { vi, en },
  type: 'money',
  width: 18,
});
const count = (field: string, vi: string, en: string): ExportColumn => ({
  field,
  header: { vi, en },
  type: 'integer',
  width: 11,
});
const text = (field: string, vi: string, en: string, width = 30): ExportColumn => ({
  field,
  header: { vi, en },
  width,
});

const paymentFigures: ExportColumn[] = [
  money('requested', 'Đề nghị', 'Requested'),
  count('requested_count', 'Số yêu cầu', 'Requests'),
  money('approved', 'Đã duyệt', 'Approved'),
  count('approved_count', 'Số đã duyệt', 'Approved (count)'),
  money('paid', 'Đã thanh toán', 'Paid'),
  count('paid_count', 'Số đã thanh toán', 'Paid (count)'),
  money('unpaid', 'Chưa thanh toán', 'Unpaid'),
  count('unpaid_count', 'Số chưa thanh toán', 'Unpaid (count)'),
  money('overdue', 'Quá hạn', 'Overdue'),
  count('overdue_count', 'Số quá hạn', 'Overdue (count)'),
];
const contractFigures: ExportColumn[] = [
  count('contracts', 'Số hợp đồng', 'Contracts'),
  money('contract_value', 'Giá trị hợp đồng', 'Contract value'),
  money('paid', 'Đã thanh toán', 'Paid'),
  money('remaining', figureWords.leftToPay.vi, figureWords.leftToPay.en),
  money('overdue', 'Quá hạn', 'Overdue'),
  count('overdue_count', 'Số quá hạn', 'Overdue (count)'),
];
const construction = [
  text('construction_code', 'Mã công trình', 'Construction code', 14),
  text('construction_name', 'Công trình', 'Construction', 36),
];
const month: ExportColumn = text('month', 'Tháng', 'Month', 10);

/** "2026-11" → "11/2026". */
const monthly = (rows: unknown) =>
  (rows as Row[]).map((r) => ({ ...r, month: String(r.month).split('-').reverse().join('/') }));

const statusWords: Record<string, Words> = {
  O: { vi: 'Hoạt động', en: 'Active' },
  C: { vi: 'Ngừng hoạt động', en: 'InActive' },
};
/** The value buckets' ranges from their bounds, compact as the screen writes them ("Dưới 100 triệu", "1B – 10B"). */
const bucketWords: Record<string, Words> = Object.fromEntries(
  VALUE_BUCKETS.map((b) => {
    const short = (amount: string, lang: Lang) => abbreviateAmount(amount, lang, { whole: true });
    const words = (lang: Lang) =>
      b.from === null
        ? `${lang === 'vi' ? 'Dưới' : 'Under'} ${short(b.to, lang)}`
        : b.to === null
          ? lang === 'vi'
            ? `Từ ${short(b.from, lang)} trở lên`
            : `${short(b.from, lang)} and above`
          : `${short(b.from, lang)} – ${short(b.to, lang)}`;
    return [b.key, { vi: words('vi'), en: words('en') }];
  }),
);

export type ReportWorkbook = {
  /** The workbook's title, and its file's name in the reader's language (`exportFileName`). */
  title: Words;
  sheets: (result: Result) => SheetOfRows[];
};

const nonEmpty = (sheets: (SheetOfRows | false)[]) => sheets.filter((s): s is SheetOfRows => s !== false);

const ranked = (title: Words): ReportWorkbook => ({
  title,
  sheets: (r) => [
    {
      name: title,
      columns: [
        text('contract_no', 'Số hợp đồng', 'Contract no.', 18),
        text('construction_name', 'Công trình', 'Construction', 32),
        text('constructor_name', 'Nhà thầu', 'Contractor', 32),
        { field: 'signed_date', header: { vi: 'Ngày ký', en: 'Signed date' }, type: 'date', width: 12 },
        money('contract_value', 'Giá trị hợp đồng', 'Contract value'),
      ],
      rows: r as unknown as Row[],
    },
  ],
});

export const reportWorkbooks: Record<string, ReportWorkbook> = {
  payment: {
    title: { vi: 'Báo cáo thanh toán theo công trình', en: 'Payments by construction' },
    sheets: (r) => [
      {
        name: { vi: 'Theo công trình', en: 'By construction' },
        columns: [...construction, ...paymentFigures],
        rows: r.rows as Row[],
        totals: r.totals as Row,
      },
      {
        name: { vi: 'Theo tháng', en: 'By month' },
        columns: [
          month,
          ...paymentFigures,
          money('paid_out', 'Đã chi trong kỳ', 'Paid out in the period'),
          count('paid_out_count', 'Số lần chi', 'Payments (count)'),
        ],
        rows: monthly(r.months),
        totals: r.totals as Row,
      },
    ],
  },
  constructor: {
    title: { vi: 'Báo cáo nhà thầu', en: 'Contractors report' },
    sheets: (r: Result) =>
      nonEmpty([
        {
          name: { vi: 'Theo nhà thầu', en: 'By contractor' },
          columns: [
            text('constructor_code', 'Mã nhà thầu', 'Contractor code', 14),
            text('constructor_name', 'Nhà thầu', 'Contractor', 36),
            ...contractFigures,
          ],
          rows: r.rows as Row[],
          totals: r.totals as Row,
        },
        (r.constructions as Row[]).length > 0 && {
          name: { vi: 'Theo công trình', en: 'By construction' },
          columns: [...construction, ...contractFigures],
          rows: r.constructions as Row[],
          totals: r.totals as Row,
        },
      ]),
  },
  construction: {
    title: { vi: 'Báo cáo công trình', en: 'Constructions report' },
    sheets: (r) =>
      nonEmpty([
        {
          name: { vi: 'Theo công trình', en: 'By construction' },
          columns: [...construction, ...contractFigures],
          rows: r.rows as Row[],
          totals: r.totals as Row,
        },
        {
          name: { vi: 'Theo loại hợp đồng', en: 'By contract type' },
          columns: [text('contract_type_name', 'Loại hợp đồng', 'Contract type', 30), ...contractFigures],
          rows: r.by_type as Row[],
          totals: r.totals as Row,
        },
        (r.contracts as Row[]).length > 0 && {
          name: { vi: 'Hợp đồng', en: 'Contracts' },
          columns: [
            text('contract_no', 'Số hợp đồng', 'Contract no.', 18),
            text('constructor_name', 'Nhà thầu', 'Contractor', 32),
            { field: 'signed_date', header: { vi: 'Ngày ký', en: 'Signed date' }, type: 'date', width: 12 },
            ...contractFigures.slice(1),
          ],
          rows: r.contracts as Row[],
          totals: r.totals as Row,
        },
        (r.months as Row[]).length > 0 && {
          name: { vi: 'Thanh toán theo tháng', en: 'Payments by month' },
          columns: [month, ...paymentFigures],
          rows: monthly(r.months),
        },
      ]),
  },
  'contract/count': {
    title: { vi: 'Số lượng hợp đồng', en: 'Contract counts' },
    sheets: (r) => [
      {
        name: { vi: 'Theo trạng thái', en: 'By status' },
        columns: [
          { ...text('status', 'Trạng thái', 'Status', 20), labels: statusWords },
          count('count', 'Số hợp đồng', 'Contracts'),
          money('value', 'Giá trị', 'Value'),
        ],
        rows: r.by_status as Row[],
        totals: { count: r.total, value: sum(r.by_status as Row[], 'value') },
      },
      {
        name: { vi: 'Theo loại hợp đồng', en: 'By contract type' },
        columns: [
          text('contract_type_name', 'Loại hợp đồng', 'Contract type', 30),
          count('count', 'Số hợp đồng', 'Contracts'),
          money('value', 'Giá trị', 'Value'),
        ],
        rows: r.by_type as Row[],
        totals: { count: r.total, value: sum(r.by_type as Row[], 'value') },
      },
    ],
  },
  'contract/count_annex': {
    title: { vi: 'Phụ lục hợp đồng', en: 'Contract annexes' },
    sheets: (r) => [
      {
        name: { vi: 'Phụ lục', en: 'Annexes' },
        columns: [
          count('contracts', 'Số hợp đồng', 'Contracts'),
          count('contracts_with_annexes', 'Hợp đồng có phụ lục', 'Contracts with annexes'),
          count('annexes', 'Số phụ lục', 'Annexes'),
          money('annex_value', 'Giá trị phụ lục', 'Annex value'),
          count('increases', 'Phụ lục tăng', 'Increases'),
          count('decreases', 'Phụ lục giảm', 'Decreases'),
        ],
        rows: [r],
      },
    ],
  },
  'contract/highest': ranked({
    vi: 'Hợp đồng giá trị lớn nhất',
    en: 'Highest contracts',
  }),
  'contract/smallest': ranked({
    vi: 'Hợp đồng giá trị nhỏ nhất',
    en: 'Smallest contracts',
  }),
  'contract/amount_distribution': {
    title: { vi: 'Phân bố giá trị hợp đồng', en: 'Contract value distribution' },
    sheets: (r) => {
      const rows = r as unknown as Row[];
      return [
        {
          name: { vi: 'Phân bố', en: 'Distribution' },
          columns: [
            { ...text('key', 'Khoảng giá trị', 'Value range', 22), labels: bucketWords },
            count('count', 'Số hợp đồng', 'Contracts'),
            money('value', 'Giá trị', 'Value'),
          ],
          rows,
          totals: { count: rows.reduce((n, b) => n + Number(b.count), 0), value: sum(rows, 'value') },
        },
      ];
    },
  },
};

/** An exact sum of decimal strings (đồng with two decimals), as a decimal string. */
function sum(rows: Row[], field: string): string {
  const cents = rows.reduce((n, r) => n + BigInt(String(r[field] ?? '0').replace('.', '')), 0n);
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
