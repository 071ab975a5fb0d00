/**
 * The bank's file of an approved batch (docs/adr/0096-payment-batches-and-bank-files.md): one row
 * per line in a bank file template's columns — each a field, its header and its format — under the
 * template's header rows, as .xlsx (exceljs) or .csv. Each line's content starts with the request's
 * number, so that the statement coming back is matched to it (docs/adr/0097-statement-matching.md).
 *
 * A text never becomes a formula: in the .xlsx every text is a string cell (as the list exports,
 * docs/adr/0060-excel-exports-stream.md); in the .csv a text starting with = + - @, a tab or a
 * carriage return is written after an apostrophe, as spreadsheet programs take it for text.
 */

import type { BankFileColumn, BankFileField } from '@sitepay/domain/payment-batch.schema';
import { foldSearchText } from '@sitepay/domain/search-text';
import type * as ExcelJS from 'exceljs';
import { lazyPackage } from '../../lazy-package.ts';

export type BankFileTemplateRow = {
  code: string;
  name: string;
  file_type: 'xlsx' | 'csv';
  sheet_name: string;
  header_rows: string[];
  columns: BankFileColumn[];
};

/** The generic template the seed ships, the default until an administrator makes another. */
export const GENERIC_BANK_FILE_TEMPLATE: BankFileTemplateRow = {
  code: 'GENERIC',
  name: 'Mẫu chung (generic)',
  file_type: 'xlsx',
  sheet_name: 'Chuyen tien',
  header_rows: ['DANH SACH CHUYEN TIEN'],
  columns: [
    { field: 'request_code', header: 'Ma yeu cau' },
    { field: 'payee_account', header: 'So tai khoan' },
    { field: 'payee_name', header: 'Ten nguoi huong', upper_ascii: true },
    { field: 'bank_bin', header: 'Ma ngan hang' },
    { field: 'bank_name', header: 'Ngan hang' },
    { field: 'branch', header: 'Chi nhanh' },
    { field: 'amount', header: 'So tien', amount_as: 'number' },
    { field: 'content', header: 'Noi dung', upper_ascii: true, max_length: 210 },
    { field: 'date', header: 'Ngay', date_format: 'DD/MM/YYYY' },
  ],
};

/** A line as the file is written from it. */
export type BankFileLine = {
  payment_code: string;
  account_number: string | null;
  account_holder: string | null;
  bank_bin: string | null;
  bank_name: string | null;
  branch: string | null;
  amount: string;
  constructor_name: string | null;
  request_note: string | null;
};

const upperAscii = (text: string) =>
  foldSearchText(text)
    .toUpperCase()
    .replace(/[^A-Z0-9 .,/()-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function formatDate(iso: string, format: string) {
  const [y, m, d] = iso.split('-');
  return format.replace('YYYY', y!).replace('MM', m!).replace('DD', d!);
}

/** The transfer's content: the request's number first, then what it pays for. */
const contentOf = (line: BankFileLine) =>
  [line.payment_code, line.constructor_name, line.request_note].filter(Boolean).join(' ');

/** One cell of a line: a number for an amount written as one, else its text as the column wants it. */
export function cellOf(column: BankFileColumn, line: BankFileLine, date: string): string | number {
  const values: Record<BankFileField, string> = {
    payee_account: line.account_number ?? '',
    payee_name: line.account_holder ?? '',
    bank_bin: line.bank_bin ?? '',
    bank_name: line.bank_name ?? '',
    branch: line.branch ?? '',
    amount: line.amount,
    content: contentOf(line),
    request_code: line.payment_code,
    date: formatDate(date, column.date_format ?? 'DD/MM/YYYY'),
  };
  if (column.field === 'amount') {
    // đồng have no cents a bank takes: a whole amount as digits
    const text = line.amount.replace(/\.00$/, '');
    return column.amount_as === 'text' ? text : Number(text);
  }
  let text = values[column.field];
  if (column.upper_ascii) text = upperAscii(text);
  if (column.max_length) text = text.slice(0, column.max_length);
  return text;
}

/** Two made-up lines: what the template's preview shows. */
export const EXAMPLE_LINES: BankFileLine[] = [
  {
    payment_code: 'YCTT-2026-000123',
    account_number: '0071000123456',
    account_holder: 'Công ty TNHH Xây dựng An Phát',
    bank_bin: '970436',
    bank_name: 'Ngân hàng TMCP Ngoại thương Việt Nam',
    branch: 'Chi nhánh Hải Phòng',
    amount: '125000000.00',
    constructor_name: 'Công ty TNHH Xây dựng An Phát',
    request_note: 'Thanh toán khối lượng đợt 2',
  },
  {
    payment_code: 'YCTT-2026-000124',
    account_number: '19033445566017',
    account_holder: 'Nguyễn Văn Đức',
    bank_bin: '970407',
    bank_name: 'Ngân hàng TMCP Kỹ thương Việt Nam',
    branch: null,
    amount: '48500000.00',
    constructor_name: 'Hộ kinh doanh Đức Thịnh',
    request_note: 'Tạm ứng vật tư',
  },
];

export function previewOf(template: BankFileTemplateRow, date: string) {
  return {
    header_rows: template.header_rows,
    headers: template.columns.map((c) => c.header),
    rows: EXAMPLE_LINES.map((line) => template.columns.map((c) => cellOf(c, line, date))),
  };
}

/** A CSV field: quoted when it must be, after an apostrophe when a spreadsheet would compute it. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function writeCsv(template: BankFileTemplateRow, lines: BankFileLine[], date: string): Buffer {
  const rows: (string | number)[][] = [
    ...template.header_rows.map((h) => [h]),
    template.columns.map((c) => c.header),
    ...lines.map((line) => template.columns.map((c) => cellOf(c, line, date))),
  ];
  // a byte-order mark: Excel then reads the Vietnamese letters as UTF-8
  return Buffer.from(`\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');
}

/** exceljs, loaded on the first file (docs/adr/0026-one-bundle-packages-on-first-use.md). */
export const loadExcel = lazyPackage<typeof ExcelJS>(() => import('exceljs'));

export async function writeXlsx(
  template: BankFileTemplateRow,
  lines: BankFileLine[],
  date: string,
): Promise<Buffer> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  workbook.creator = 'SitePay';
  const sheet = workbook.addWorksheet(template.sheet_name);
  for (const h of template.header_rows) sheet.addRow([h]);
  const header = sheet.addRow(template.columns.map((c) => c.header));
  header.font = { bold: true };
  for (const line of lines) {
    // every text a string cell: "=cmd" stays that text and is never computed
    const row = sheet.addRow(template.columns.map((c) => cellOf(c, line, date)));
    template.columns.forEach((c, i) => {
      if (c.field === 'amount' && c.amount_as !== 'text') row.getCell(i + 1).numFmt = '#,##0';
    });
  }
  template.columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(12, c.header.length + 4));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
