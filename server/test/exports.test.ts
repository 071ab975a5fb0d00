/**
 * The Excel exports through HTTP, on both backends, read back with exceljs: the rows of the list
 * under the same filter and sort, numbers as numbers and dates as dates, a formula-like name kept
 * as text, the data scope, the rights, the language of the headers and the file name.
 */

import { foldSearchText } from '@sitepay/domain/search-text';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/core/business-time.ts';
import { constructorTable } from '../src/db/schema.ts';
import type { CurrentUser } from '../src/http/auth.ts';
import { readBatches } from '../src/http/paging.ts';
import { listRecords, listSpec } from '../src/http/record-reads.ts';
import { constructorKind } from '../src/modules/constructor/constructor.resources.ts';
import { EXPORT_BATCH_ROWS } from '../src/modules/export/xlsx-export.ts';
import { paymentKind } from '../src/modules/payment/payment.resource.ts';
import { factories, type RequestState } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

const FORMULA_NAME = '=HYPERLINK("http://attacker.example","Bấm vào đây")';
const HEADER_ROW = 4;

type Sheet = { ws: ExcelJS.Worksheet; xml: string; headers: Record<string, string | string[] | undefined> };

describe.each(backends)('Excel exports (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // scope: company Hòa Phát (CT-001…CT-003)
  let giamdoc: string;
  let ketoan2: string; // scope: company Đông Nam (CT-004, CT-005)
  const ct: Record<string, number> = {};
  const hpContracts: string[] = [];
  let dnContract: string;

  const exportOf = async (path: string, token: string | null, headers: Record<string, string> = {}) => {
    const res = await s.app.inject({
      method: 'GET',
      url: path,
      headers: { ...headers, ...authHeaders(token) },
    });
    return res;
  };
  async function sheetOf(path: string, token: string, headers: Record<string, string> = {}): Promise<Sheet> {
    const res = await exportOf(path, token, headers);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    return {
      ws: wb.worksheets[0]!,
      xml: new PizZip(res.rawPayload).file('xl/worksheets/sheet1.xml')!.asText(),
      headers: res.headers as Sheet['headers'],
    };
  }
  /** The data rows (below the header, above a list's totals row), as arrays of cell values from column A. */
  const dataRows = (ws: ExcelJS.Worksheet) => {
    const rows: ExcelJS.CellValue[][] = [];
    for (let n = HEADER_ROW + 1; n <= ws.rowCount; n++)
      rows.push((ws.getRow(n).values as ExcelJS.CellValue[]).slice(1));
    return rows.at(-1)?.[0] === 'Tổng cộng' ? rows.slice(0, -1) : rows;
  };
  const headerOf = (ws: ExcelJS.Worksheet) => (ws.getRow(HEADER_ROW).values as string[]).slice(1);
  const column = (ws: ExcelJS.Worksheet, header: string) => headerOf(ws).indexOf(header);
  const list = async (path: string, token: string) => {
    const res = await s.call('GET', path, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as Record<string, unknown>[];
  };

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan, giamdoc, ketoan2] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
      s.login('ketoan2', 'ketoan123'),
    ]);
    for (const c of (await s.call('GET', '/api/construction/paging?itemsPerPage=100', admin)).body.items)
      ct[c.code] = c.id;
    const f = factories(s, { admin, accountant: ketoan, director: giamdoc });
    const contractor = await f.contractor({ code: '+NT-XL', name: FORMULA_NAME });
    expect(contractor.id).toBeTruthy();
    await f.contractor({ code: 'NT-XL2', name: '@SUM(1+1)*cmd|x' });
    // contractors with and without a tax code, for the sort on an often empty column
    for (const [code, tax] of [
      ['NT-T1', '0101234565'],
      ['NT-T2', '0101234565'],
      ['NT-T3', null],
      ['NT-T4', '0309876547'],
    ] as const)
      await f.contractor({ code, name: `Nhà thầu ${code}`, tax_code: tax });
    const benef = await f.payee(contractor, { name: 'Công ty Xuất Excel', account_number: '0099887766' });
    const contract = (by: string, construction: number, no: string, signed: string) =>
      f.contract({
        contract_no: no,
        construction_id: construction,
        constructor_id: contractor.id,
        beneficiary_id: benef.id,
        signed_date: signed,
        amount_before_vat: '2000000000',
        by,
      });
    const a = await contract(ketoan, ct['CT-001']!, 'HĐ-XL-01', '2025-01-15');
    const b = await contract(ketoan, ct['CT-002']!, 'HĐ-XL-02', '2025-03-20');
    const d = await contract(ketoan2, ct['CT-004']!, 'HĐ-XL-DN', '2025-02-01');
    hpContracts.push(a.contract_no, b.contract_no);
    dnContract = d.contract_no;
    const pay = (
      by: string,
      contract: { id: number },
      date: string,
      amount: string,
      state: RequestState = 'draft',
    ) =>
      f.request(contract, {
        date,
        amount,
        invoice_amount: amount,
        note: `Thanh toán ngày ${date}`,
        state,
        by,
      });
    // equal amounts and dates, so that the sort's ties cross the reading batches
    for (const [date, amount] of [
      ['2025-04-10', '150000000'],
      ['2025-05-10', '150000000'],
      ['2025-05-10', '99000000.50'],
      ['2025-06-10', '150000000'],
    ] as const)
      await pay(ketoan, a, date, amount);
    await pay(ketoan, b, '2025-05-20', '300000000', 'accepted');
    await pay(ketoan2, d, '2025-05-15', '77000000');
  });
  afterAll(() => s?.close());

  it('exports the payment list’s rows under the same filter and sort, every page of it', async () => {
    const query = `constructionId=${ct['CT-001']}&status=all&sortBy=amount&sortDesc=true`;
    const { ws } = await sheetOf(`/api/export/payment?${query}`, ketoan);
    const items = await list(`/api/payment-transaction/paging?${query}&itemsPerPage=1000`, ketoan);
    expect(items.length).toBe(4);
    const rows = dataRows(ws);
    const [code, no, contract, amount] = ['Số YCTT', 'Đợt', 'Số hợp đồng', 'Số tiền đề nghị'].map((h) =>
      column(ws, h),
    );
    expect(rows.map((r) => [r[code!], r[no!], r[contract!], r[amount!]])).toEqual(
      items.map((i) => [i.code, i.requirement_no, i.contract_no, Number(i.amount)]),
    );
    // a date range and the selector "all": the same rows as the list
    const ranged = 'constructionId=-1&from=2025-05-01&to=2025-05-31&sortBy=date';
    const inRange = await list(`/api/payment-transaction/paging?${ranged}&itemsPerPage=1000`, ketoan);
    expect(inRange.length).toBe(3);
    const exported = dataRows((await sheetOf(`/api/export/payment?${ranged}`, ketoan)).ws);
    expect(exported.map((r) => r[amount!])).toEqual(inRange.map((i) => Number(i.amount)));
  });

  it('writes money as numbers shown as on screen (#,##0, #,##0.00 with cents) and dates as dates shown DD/MM/YYYY', async () => {
    const { ws } = await sheetOf(`/api/export/payment?constructionId=${ct['CT-001']}&sortBy=date`, ketoan);
    const row = ws.getRow(HEADER_ROW + 1);
    const cell = (header: string) => row.getCell(column(ws, header) + 1);
    expect(cell('Số tiền đề nghị').value).toBe(150000000);
    expect(cell('Số tiền đề nghị').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('Số tiền đề nghị').numFmt).toBe('#,##0');
    expect(cell('Đợt').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('Đã chi').value).toBe(0);
    expect(cell('Ngày thanh toán').value).toEqual(new Date(Date.UTC(2025, 3, 10)));
    expect(cell('Ngày thanh toán').type).toBe(ExcelJS.ValueType.Date);
    expect(cell('Ngày thanh toán').numFmt).toBe('dd/mm/yyyy');
    expect(cell('Trạng thái duyệt').value).toBe('Mới tạo');
    expect(cell('Thanh toán').value).toBe('Chưa thanh toán');
    // a fraction of a đồng stays exact in the cell, and shows as on screen: "99,000,000.50"
    // (docs/adr/0071-amounts-on-screen-and-in-print.md)
    const amounts = dataRows(ws).map((r) => r[column(ws, 'Số tiền đề nghị')]);
    expect(amounts).toContain(99000000.5);
    const withCents = HEADER_ROW + 1 + amounts.indexOf(99000000.5);
    expect(ws.getRow(withCents).getCell(column(ws, 'Số tiền đề nghị') + 1).numFmt).toBe('#,##0.00');
    expect(ws.getRow(withCents).getCell(column(ws, 'Đã chi') + 1).numFmt).toBe('#,##0');
  });

  it('heads the sheet with the title, the filters and the export time, over a bold frozen header with a filter', async () => {
    const { ws, xml, headers } = await sheetOf(
      `/api/export/payment?constructionId=${ct['CT-001']}&status=unpaid&search=thanh toán&sortBy=amount&sortDesc=true`,
      ketoan,
    );
    expect(ws.getCell('A1').value).toBe('Danh sách yêu cầu thanh toán');
    expect(ws.getCell('A1').font?.bold).toBe(true);
    const filters = String(ws.getCell('A2').value);
    expect(filters).toContain('Công trình: CT-001 – ');
    expect(filters).toContain('Trạng thái: Chưa thanh toán');
    expect(filters).toContain('Tìm: “thanh toán”');
    expect(filters).toContain('Sắp xếp: Số tiền đề nghị (giảm dần)');
    expect(String(ws.getCell('A3').value)).toMatch(
      /^Xuất lúc \d\d\/\d\d\/\d{4} \d\d:\d\d \(giờ Việt Nam\) bởi ketoan$/,
    );
    expect(headerOf(ws).slice(0, 3)).toEqual(['Số YCTT', 'Đợt', 'Số hợp đồng']);
    expect(ws.getRow(HEADER_ROW).getCell(1).font?.bold).toBe(true);
    expect(xml).toContain('<pane ySplit="4" topLeftCell="A5" activePane="bottomLeft" state="frozen"/>');
    expect(xml).toMatch(/<autoFilter ref="A4:[A-Z]+4"\/>/);
    expect(xml).toContain('<col min="7" max="7" width="30" customWidth="1"/>'); // the contractor's name
    const today = businessToday();
    // named in the reader's language, in ASCII (docs/adr/0072-words-and-codes-in-the-readers-language.md)
    expect(headers['content-disposition']).toBe(
      `attachment; filename="danh-sach-yeu-cau-thanh-toan-${today}.xlsx"; filename*=UTF-8''danh-sach-yeu-cau-thanh-toan-${today}.xlsx`,
    );
    expect(headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('writes the headers in the user’s language: ?lang, else Accept-Language, else Vietnamese', async () => {
    const en = await sheetOf('/api/export/construction?lang=en', ketoan);
    expect(en.ws.getCell('A1').value).toBe('Constructions');
    expect(headerOf(en.ws).slice(0, 2)).toEqual(['Construction code', 'Construction name']);
    expect(en.ws.getRow(HEADER_ROW + 1).getCell(column(en.ws, 'Status') + 1).value).toBe('Active');
    const browser = await sheetOf('/api/export/construction', ketoan, {
      'accept-language': 'en-US,en;q=0.9,vi;q=0.8',
    });
    expect(headerOf(browser.ws)[0]).toBe('Construction code');
    const vi = await sheetOf('/api/export/construction', ketoan, { 'accept-language': 'fr-FR' });
    expect(headerOf(vi.ws)[0]).toBe('Mã công trình');
    expect(String(vi.ws.getCell('A2').value)).toBe('Bộ lọc: không có (mọi bản ghi được xem)');
    // the file's name follows the language too
    expect(en.headers['content-disposition']).toMatch(/filename="constructions-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(browser.headers['content-disposition']).toMatch(/filename="constructions-/);
    expect(vi.headers['content-disposition']).toMatch(
      /filename="danh-sach-cong-trinh-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
  });

  it('names the sort column by its label in the reader’s language, one the export does not show too', async () => {
    const vi = await sheetOf('/api/export/payment?sortBy=created_at&sortDesc=true', ketoan);
    expect(String(vi.ws.getCell('A2').value)).toContain('Sắp xếp: Ngày tạo (giảm dần)');
    const en = await sheetOf('/api/export/payment?sortBy=created_at&sortDesc=true&lang=en', ketoan);
    expect(String(en.ws.getCell('A2').value)).toContain('Sorted by: Created at (descending)');
    expect(String(en.ws.getCell('A2').value)).not.toContain('created_at');
  });

  it('keeps a formula-like name as text: a string cell, never a formula', async () => {
    const { ws, xml } = await sheetOf('/api/export/constructor?search=NT-XL&sortBy=code', admin);
    const rows = dataRows(ws);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ['+NT-XL', FORMULA_NAME],
      ['NT-XL2', '@SUM(1+1)*cmd|x'],
    ]);
    expect(ws.getCell(`B${HEADER_ROW + 1}`).type).toBe(ExcelJS.ValueType.String);
    expect(xml).not.toContain('<f>');
    expect(xml).toContain('<c r="A5" t="str"><v>+NT-XL</v></c>');
    expect(xml).toContain(
      '<c r="B5" t="str"><v>=HYPERLINK(&quot;http://attacker.example&quot;,&quot;Bấm vào đây&quot;)</v></c>',
    );
    // and where it appears in another list
    const payments = await sheetOf('/api/export/payment?sortBy=date', ketoan);
    expect(dataRows(payments.ws)[0]![column(payments.ws, 'Nhà thầu')]).toBe(FORMULA_NAME);
    expect(payments.xml).not.toContain('<f>');
  });

  it('escapes the characters XML reserves and drops those it cannot carry, keeping the rest of the text', async () => {
    const made = await s.call('POST', '/api/constructor/create', admin, {
      code: 'NT-XML',
      name: 'Công ty <A&B> "Hòa" \'Bình\' tab\there',
    });
    expect(made.status).toBe(200);
    // controls are refused at the door since issue 26; a row written before still holds them
    await s.database.db.execute(
      sql`update constructor set name = ${'Công ty <A&B> "Hòa" \'Bình\'\u0001\u000b tab\there'} where id = ${made.body.id}`,
    );
    const { ws, xml } = await sheetOf('/api/export/constructor?search=NT-XML', admin);
    expect(dataRows(ws).map((r) => r[1])).toEqual(['Công ty <A&B> "Hòa" \'Bình\' tab\there']);
    expect(xml).toContain('Công ty &lt;A&amp;B&gt; &quot;Hòa&quot; &apos;Bình&apos; tab\there');
  });

  it('never exports another company’s rows, nor names them in the title', async () => {
    const contractNo = (ws: ExcelJS.Worksheet) => dataRows(ws).map((r) => r[column(ws, 'Số hợp đồng')]);
    const hp = contractNo((await sheetOf('/api/export/payment?status=all', ketoan)).ws);
    expect(hp.length).toBeGreaterThan(0);
    expect(hp).not.toContain(dnContract);
    const dn = contractNo((await sheetOf('/api/export/payment?status=all', ketoan2)).ws);
    expect(dn).toEqual([dnContract]);
    const contracts = contractNo((await sheetOf('/api/export/contract', ketoan2)).ws);
    expect(contracts).toEqual([dnContract]);
    const constructions = dataRows((await sheetOf('/api/export/construction', ketoan2)).ws).map((r) => r[0]);
    expect(constructions.sort()).toEqual(['CT-004', 'CT-005']);
    // asking for another company's construction by id: no rows, and its name is not shown
    const foreign = await sheetOf(`/api/export/payment?constructionId=${ct['CT-001']}`, ketoan2);
    expect(dataRows(foreign.ws)).toEqual([]);
    expect(String(foreign.ws.getCell('A2').value)).toBe(`Bộ lọc: Công trình: #${ct['CT-001']}`);
    expect(foreign.xml).not.toContain('Tòa nhà A1');
  });

  it('exports the contract list with its own filters and a signing date range', async () => {
    const query = 'from=2025-01-01&to=2025-02-28&sortBy=signed_date';
    const items = await list(`/api/contract/paging?${query}&itemsPerPage=1000`, ketoan);
    expect(items.map((i) => i.contract_no)).toEqual(['HĐ-XL-01']);
    const { ws } = await sheetOf(`/api/export/contract?${query}`, ketoan);
    const rows = dataRows(ws);
    expect(rows.map((r) => r[0])).toEqual(['HĐ-XL-01']);
    const value = rows[0]![column(ws, 'Giá trị hợp đồng')];
    expect(value).toBe(2200000000);
    expect(rows[0]![column(ws, 'Thuế suất (%)')]).toBe(10);
    expect(String(ws.getCell('A2').value)).toBe(
      'Bộ lọc: Từ ngày 01/01/2025; Đến ngày 28/02/2025; Sắp xếp: Ngày ký (tăng dần)',
    );
  });

  it('exports the payment list’s quick views as their own lists', async () => {
    const mine = await list(
      '/api/payment-transaction/transaction-created/paging?itemsPerPage=1000&status=all',
      ketoan,
    );
    const { ws } = await sheetOf('/api/export/payment?view=mine&status=all', ketoan);
    expect(dataRows(ws).map((r) => r[column(ws, 'Số tiền đề nghị')])).toEqual(
      mine.map((i) => Number(i.amount)),
    );
    expect(String(ws.getCell('A2').value)).toContain('Xem: Do tôi tạo');
    const overdue = await list('/api/payment-transaction/overdue/paging?itemsPerPage=1000', ketoan);
    const late = await sheetOf('/api/export/payment?view=overdue', ketoan);
    expect(dataRows(late.ws).map((r) => r[column(late.ws, 'Số tiền đề nghị')])).toEqual(
      overdue.map((i) => Number(i.amount)),
    );
  });

  it('refuses a list the user may not read (403), and anyone signed out (401)', async () => {
    const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
      const res = await s.call(method, url, admin, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const menus = (await ok('GET', '/api/admin/menu/list/all')) as { id: number; name: string }[];
    const role = await ok('POST', '/api/admin/role/create', {
      name: 'Chỉ xem công trình',
      code: `ROLE_XL_${backend.toUpperCase()}`,
      priority: 50,
    });
    await ok('PATCH', `/api/admin/role/menus/${role.id}`, {
      ids: menus.filter((m) => ['management', 'construction'].includes(m.name)).map((m) => m.id),
    });
    const user = await ok('POST', '/api/admin/user/create', {
      user_name: `xem.${backend}`,
      full_name: 'Người xem',
      email: `xem.${backend}@example.vn`,
      password: 'xem-123456',
    });
    await ok('PATCH', `/api/admin/user/roles/${user.id}`, { roleId: role.id });
    const viewer = await s.firstLogin(`xem.${backend}`, 'xem-123456');
    expect((await exportOf('/api/export/construction', viewer)).statusCode).toBe(200);
    for (const entity of ['payment', 'contract', 'constructor']) {
      const res = await exportOf(`/api/export/${entity}`, viewer);
      expect(res.statusCode, entity).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect((await exportOf('/api/export/payment', null)).statusCode).toBe(401);
  });

  it('refuses an unknown filter value with 400, before any file is sent', async () => {
    const res = await exportOf('/api/export/payment?status=sometimes', ketoan);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect((await exportOf('/api/export/payment?lang=fr', ketoan)).statusCode).toBe(400);
  });

  it('exports more rows than one reading batch, in the list’s order', async () => {
    const many = Array.from({ length: EXPORT_BATCH_ROWS + 150 }, (_, i) => {
      const code = `NT-BATCH-${String(i).padStart(5, '0')}`;
      return { code, name: `Nhà thầu lô ${i}`, search_text: foldSearchText(`${code} nhà thầu lô ${i}`) };
    });
    await s.database.db.insert(constructorTable).values(many);
    const query = 'search=NT-BATCH&sortBy=name&sortDesc=true';
    const first = await s.call('GET', `/api/constructor/paging?${query}&itemsPerPage=1000`, admin);
    const second = await s.call(
      'GET',
      `/api/constructor/paging?${query}&itemsPerPage=1000&page=2&cursor=${first.body.nextCursor}`,
      admin,
    );
    const listed = [...first.body.items, ...second.body.items].map((c: { code: string }) => c.code);
    expect(listed).toHaveLength(many.length);
    const { ws } = await sheetOf(`/api/export/constructor?${query}`, admin);
    expect(dataRows(ws).map((r) => r[0])).toEqual(listed);
  });

  it('reads in keyset batches that give the list’s order across ties and empty keys', async () => {
    const adminUser = { id: 0, user_name: 'admin', isAdmin: true } as unknown as CurrentUser;
    const cases = [
      { kind: paymentKind, query: { sortBy: 'amount', sortDesc: true, status: 'all' as const } },
      { kind: paymentKind, query: { sortBy: 'date', sortDesc: false, status: 'all' as const } },
      { kind: paymentKind, query: { sortBy: 'contract_no', sortDesc: false, status: 'all' as const } }, // a display column
      { kind: constructorKind, query: { sortBy: 'tax_code', sortDesc: false, search: 'nt-t' } }, // some empty
      { kind: constructorKind, query: { sortBy: 'tax_code', sortDesc: true, search: 'nt-t' } },
    ];
    for (const { kind, query } of cases) {
      const page = await listRecords(
        s.app.db,
        kind,
        { ...query, page: 1, itemsPerPage: 1000 } as never,
        adminUser,
      );
      const ids: number[] = [];
      for await (const batch of readBatches(s.app.db, await listSpec(s.app.db, kind, query, adminUser), 2)) {
        expect(batch.length).toBeLessThanOrEqual(2);
        ids.push(...batch.map((r) => r.id as number));
      }
      expect(ids, JSON.stringify(query)).toEqual(page.items.map((i) => i.id));
      expect(ids.length).toBeGreaterThan(2);
    }
  });
});
