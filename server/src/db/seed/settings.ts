/**
 * Settings seeded on first start (each list only while it is empty): the values a Vietnamese
 * construction company works with. Admins edit them afterwards on the settings screens.
 */
import { settingEntities } from '@sitepay/domain/entities';
import { searchTextOf } from '@sitepay/domain/search-text';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client.ts';
import { tableOf } from '../entity-tables.ts';
import {
  bank,
  constructionItem,
  constructorType,
  contractType,
  documentAttachment,
  paymentDate,
  paymentType,
  tax,
  transactionType,
} from '../schema.ts';

type Named = { code: string; name: string } & Record<string, unknown>;

// The last column is the bank's NAPAS BIN, which VietQR codes carry (migration 0008 sets the same
// BINs on databases seeded before it).
const banks: Named[] = [
  ['VCB', 'Ngân hàng TMCP Ngoại thương Việt Nam', 'Vietcombank', '970436'],
  ['CTG', 'Ngân hàng TMCP Công thương Việt Nam', 'VietinBank', '970415'],
  ['BIDV', 'Ngân hàng TMCP Đầu tư và Phát triển Việt Nam', 'BIDV', '970418'],
  ['VBA', 'Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam', 'Agribank', '970405'],
  ['TCB', 'Ngân hàng TMCP Kỹ thương Việt Nam', 'Techcombank', '970407'],
  ['MB', 'Ngân hàng TMCP Quân đội', 'MB', '970422'],
  ['ACB', 'Ngân hàng TMCP Á Châu', 'ACB', '970416'],
  ['VPB', 'Ngân hàng TMCP Việt Nam Thịnh Vượng', 'VPBank', '970432'],
  ['STB', 'Ngân hàng TMCP Sài Gòn Thương Tín', 'Sacombank', '970403'],
  ['TPB', 'Ngân hàng TMCP Tiên Phong', 'TPBank', '970423'],
  ['SHB', 'Ngân hàng TMCP Sài Gòn - Hà Nội', 'SHB', '970443'],
  ['HDB', 'Ngân hàng TMCP Phát triển TP. Hồ Chí Minh', 'HDBank', '970437'],
].map(([code, name, short_name, bin]) => ({ code: code!, name: name!, short_name, bin }));

const taxes: Named[] = [
  { code: 'VAT0', name: 'Thuế GTGT 0%', value: '0' },
  { code: 'VAT5', name: 'Thuế GTGT 5%', value: '5' },
  { code: 'VAT8', name: 'Thuế GTGT 8%', value: '8' },
  { code: 'VAT10', name: 'Thuế GTGT 10%', value: '10' },
  { code: 'KCT', name: 'Không chịu thuế', value: '0' },
];

const contractTypes: Named[] = [
  { code: 'TC', name: 'Hợp đồng thi công xây dựng' },
  { code: 'VT', name: 'Hợp đồng cung cấp vật tư, thiết bị' },
  { code: 'TK', name: 'Hợp đồng tư vấn thiết kế' },
  { code: 'GS', name: 'Hợp đồng tư vấn giám sát' },
  { code: 'TM', name: 'Hợp đồng thuê máy móc, thiết bị' },
  { code: 'EPC', name: 'Hợp đồng tổng thầu EPC' },
];

const constructionItems: Named[] = [
  { code: 'MONG', name: 'Phần móng' },
  { code: 'THAN', name: 'Phần thân' },
  { code: 'HT', name: 'Phần hoàn thiện' },
  { code: 'MEP', name: 'Hệ thống điện, nước (M&E)' },
  { code: 'HTKT', name: 'Hạ tầng kỹ thuật' },
  { code: 'CX', name: 'Cảnh quan, cây xanh' },
];

const transactionTypes: Named[] = [
  { code: 'TU', name: 'Tạm ứng', pay_date: 7 },
  { code: 'KL', name: 'Thanh toán khối lượng hoàn thành', pay_date: 30 },
  { code: 'QT', name: 'Quyết toán hợp đồng', pay_date: 45 },
  { code: 'BH', name: 'Hoàn trả bảo hành', pay_date: 15 },
];

const constructorTypes: Named[] = [
  { code: 'CHINH', name: 'Nhà thầu chính' },
  { code: 'PHU', name: 'Nhà thầu phụ' },
  { code: 'NCC', name: 'Nhà cung cấp' },
  { code: 'TV', name: 'Đơn vị tư vấn' },
];

const paymentTypes: Named[] = [
  { code: 'TU', name: 'Tạm ứng', note: 'Advance' },
  { code: 'TD', name: 'Thanh toán theo tiến độ', note: 'Progress' },
  { code: 'QT', name: 'Quyết toán', note: 'Settlement' },
  { code: 'BH', name: 'Bảo hành', note: 'Warranty' },
];

const paymentDates: Named[] = [
  { code: 'D10', name: 'Ngày 10 hằng tháng', day_of_month: 10 },
  { code: 'D25', name: 'Ngày 25 hằng tháng', day_of_month: 25 },
];

const attachments = (tt: Record<string, number>): Named[] => [
  {
    code: 'DNTT',
    name: 'Giấy đề nghị thanh toán',
    type: 'original',
    quantity: 1,
    ordered: 1,
    transaction_type_id: null,
  },
  {
    code: 'BLTU',
    name: 'Bảo lãnh tạm ứng',
    type: 'original',
    quantity: 1,
    ordered: 2,
    transaction_type_id: tt.TU,
  },
  {
    code: 'BBNT',
    name: 'Biên bản nghiệm thu khối lượng',
    type: 'original',
    quantity: 2,
    ordered: 3,
    transaction_type_id: tt.KL,
  },
  {
    code: 'BTGT',
    name: 'Bảng tính giá trị đề nghị thanh toán',
    type: 'original',
    quantity: 2,
    ordered: 4,
    transaction_type_id: tt.KL,
  },
  { code: 'HD', name: 'Hóa đơn GTGT', type: 'copy', quantity: 1, ordered: 5, transaction_type_id: null },
  {
    code: 'BBQT',
    name: 'Biên bản quyết toán hợp đồng',
    type: 'original',
    quantity: 2,
    ordered: 6,
    transaction_type_id: tt.QT,
  },
  {
    code: 'BLBH',
    name: 'Bảo lãnh bảo hành',
    type: 'original',
    quantity: 1,
    ordered: 7,
    transaction_type_id: tt.BH,
  },
];

async function fillIfEmpty(tx: Tx, table: PgTable, rows: Named[]) {
  const t = table as unknown as { id: never };
  const [any] = await tx.select({ id: t.id }).from(table).limit(1);
  if (any || !rows.length) return;
  await tx
    .insert(table)
    .values(rows.map((r) => ({ ...r, created_by: 'system', updated_by: 'system' })) as never);
}

/**
 * Each setting's search text folds the fields its description searches (a bank's code, name, short
 * name and BIN: "vietcombank" and "970436" find it). A description that searches one more field
 * refreshes the rows written before it — settings are short lists, read whole at every start.
 */
async function refreshSearchText(tx: Tx) {
  for (const entity of settingEntities) {
    const fields = Object.entries(entity.fields)
      .filter(([, f]) => f.search)
      .map(([name]) => name);
    const table = tableOf(entity.name) as unknown as Record<string, PgColumn> & PgTable;
    const rows = (await tx
      .select({
        id: table.id!,
        search_text: table.search_text!,
        ...Object.fromEntries(fields.map((f) => [f, table[f]!])),
      })
      .from(table)) as Record<string, unknown>[];
    for (const row of rows) {
      const text = searchTextOf(fields, row);
      if (text !== row.search_text)
        await tx
          .update(table)
          .set({ search_text: text } as never)
          .where(eq(table.id!, row.id as number));
    }
  }
}

export async function seedSettings(tx: Tx) {
  await fillIfEmpty(tx, bank, banks);
  await fillIfEmpty(tx, tax, taxes);
  await fillIfEmpty(tx, contractType, contractTypes);
  await fillIfEmpty(tx, constructionItem, constructionItems);
  await fillIfEmpty(tx, transactionType, transactionTypes);
  await fillIfEmpty(tx, constructorType, constructorTypes);
  await fillIfEmpty(tx, paymentType, paymentTypes);
  await fillIfEmpty(tx, paymentDate, paymentDates);
  const tt = Object.fromEntries(
    (
      await tx
        .select({ id: transactionType.id, code: transactionType.code })
        .from(transactionType)
        .where(eq(transactionType.status, 'O'))
    ).map((r) => [r.code, r.id]),
  );
  await fillIfEmpty(tx, documentAttachment, attachments(tt));
  await refreshSearchText(tx);
}
