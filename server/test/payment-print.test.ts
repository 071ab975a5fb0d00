import mammoth from 'mammoth';
import PizZip from 'pizzip';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageFault, xmlFault } from '../src/documents/xml-check.ts';
import { HttpError } from '../src/http/errors.ts';
import {
  BLANK_SIGN_DATE,
  builtInTemplate,
  MalformedDocumentError,
  type PaymentPrintData,
  type PrintedStep,
  paymentPrintFileName,
  paymentTemplateData,
  renderPaymentDocx,
} from '../src/modules/payment/payment-print.ts';

const INTERNAL_NOTE = 'GHI CHÚ NỘI BỘ: không in ra';

const approved: PaymentPrintData = {
  company: {
    name: 'Công ty Cổ phần Xây dựng Hòa Bình Miền Trung',
    address: '235 Võ Thị Sáu, Phường 7, Quận 3, TP. Hồ Chí Minh',
    tax_code: '0301234562',
  },
  code: 'YCTT-2024-000123',
  requirement_no: 7,
  date: '2024-03-05',
  created_at: '2024-03-04T20:30:00.000Z', // already 5 March in Vietnam
  department_name: 'Phòng Kế toán',
  requester_name: 'Nguyễn Thị Lan',
  construction_code: 'CT-024',
  construction_name: 'Nhà xưởng KCN Tân Tạo giai đoạn 2',
  contract_no: 'HĐ 12/2024/HĐXD',
  contract_signed_date: '2024-01-15',
  constructor_code: 'NT-015',
  constructor_name: 'Công ty TNHH Cơ điện Phương Nam',
  beneficiary_name: 'Công ty TNHH Cơ điện Phương Nam',
  bank_name: 'Vietcombank – CN Sài Gòn',
  account_number: '0071001234567',
  payment_type_name: 'Thanh toán theo tiến độ',
  transaction_type_name: 'Thanh toán khối lượng',
  contract_value: '12500000000.00',
  paid_before: '4200000000.00',
  amount: '1080000000.00',
  invoice_amount: '1080000000.00',
  guarantee_amount: '54000000.00',
  penalty_amount: null,
  advance_recovery: '216000000.00',
  note: 'Thanh toán đợt 3 khối lượng hoàn thành tháng 02/2024\ntheo biên bản nghiệm thu số 03/BBNT',
  documents: [
    { name: 'Giấy đề nghị thanh toán', type: 'original', quantity: 1, attached: true },
    { name: 'Biên bản nghiệm thu khối lượng', type: 'original', quantity: 2, attached: true },
    { name: 'Hóa đơn GTGT', type: 'copy', quantity: 1, attached: false },
  ],
  approval_status: 'A',
  payment_status: 'O',
  approver_name: 'Trần Văn Hùng',
  approved_at: '2024-03-06T02:00:00.000Z',
  chief_accountant_name: 'Lê Thị Mai',
  head_of_department_name: 'Phạm Quốc Bảo',
};
const waiting: PaymentPrintData = { ...approved, approval_status: 'W', approved_at: null };

let v1: Buffer;
beforeAll(async () => {
  const found = await builtInTemplate('v1');
  if (!found)
    throw new Error('server/templates/payment-v1.docx is missing: run scripts/make-payment-template.mjs');
  v1 = found;
});

const textOf = async (docx: Buffer) => (await mammoth.extractRawText({ buffer: docx })).value;
const htmlOf = async (docx: Buffer) => (await mammoth.convertToHtml({ buffer: docx })).value;

/** A copy of a template with its body edited, as a company's broken template would be. */
function withBody(template: Buffer, edit: (xml: string) => string): Buffer {
  const zip = new PizZip(template);
  zip.file('word/document.xml', edit(zip.file('word/document.xml')!.asText()));
  return zip.generate({ type: 'nodebuffer' });
}

const refusal = (fault: string | RegExp) =>
  expect.objectContaining({
    status: 422,
    code: 'unprocessable',
    message: typeof fault === 'string' ? expect.stringContaining(fault) : expect.stringMatching(fault),
  });

describe('the values printed on a payment request', () => {
  it('writes amounts with Vietnamese thousands dots, dates as DD/MM/YYYY and the amount in words', () => {
    const data = paymentTemplateData(approved);
    expect(data).toMatchObject({
      code: 'YCTT-2024-000123',
      requirement_no: '7',
      date: '05/03/2024',
      date_day: '05',
      date_month: '03',
      date_year: '2024',
      contract_signed_date: '15/01/2024',
      construction: 'CT-024 – Nhà xưởng KCN Tân Tạo giai đoạn 2',
      constructor: 'NT-015 – Công ty TNHH Cơ điện Phương Nam',
      contract_value: '12.500.000.000',
      paid_before: '4.200.000.000',
      amount: '1.080.000.000',
      guarantee_amount: '54.000.000',
      penalty_amount: '',
      amount_in_words: 'Một tỷ không trăm tám mươi triệu đồng',
    });
  });

  it('keeps a fraction of a đồng after a decimal comma', () => {
    expect(paymentTemplateData({ ...approved, amount: '1234567.5' }).amount).toBe('1.234.567,50');
  });

  it('numbers the checklist and labels original and copy', () => {
    expect(paymentTemplateData(approved).documents).toEqual([
      { index: 1, name: 'Giấy đề nghị thanh toán', type_label: 'Bản gốc', quantity: 1, attached_mark: '✓' },
      {
        index: 2,
        name: 'Biên bản nghiệm thu khối lượng',
        type_label: 'Bản gốc',
        quantity: 2,
        attached_mark: '✓',
      },
      { index: 3, name: 'Hóa đơn GTGT', type_label: 'Bản sao', quantity: 1, attached_mark: '' },
    ]);
  });

  it('dates signatures by the day in Vietnam, and leaves the director blank until approval', () => {
    expect(paymentTemplateData(approved)).toMatchObject({
      requester_sign_date: '05/03/2024',
      approver_name: 'Trần Văn Hùng',
      approver_sign_date: '06/03/2024',
      chief_accountant_sign_date: BLANK_SIGN_DATE,
    });
    for (const status of ['O', 'W', 'R'] as const) {
      const data = paymentTemplateData({ ...approved, approval_status: status });
      expect(data).toMatchObject({ approver_name: '', approver_sign_date: BLANK_SIGN_DATE });
    }
  });

  it('has no value holding the internal note', () => {
    const withNote = { ...approved, internal_note: INTERNAL_NOTE };
    expect(JSON.stringify(paymentTemplateData(withNote))).not.toContain(INTERNAL_NOTE);
  });

  it('names the download after the request number, the contract and the instalment', () => {
    expect(paymentPrintFileName(approved)).toBe('YCTT-2024-000123-HĐ 12-2024-HĐXD-7.docx');
  });
});

describe('the printed payment request (template v1)', () => {
  it('shows what the finance team checks before signing', async () => {
    const text = await textOf(await renderPaymentDocx(v1, approved));
    for (const expected of [
      'GIẤY ĐỀ NGHỊ THANH TOÁN',
      'CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM',
      'Số: YCTT-2024-000123 (đợt 7)',
      'Ngày 05/03/2024',
      'Công ty Cổ phần Xây dựng Hòa Bình Miền Trung',
      '235 Võ Thị Sáu, Phường 7, Quận 3, TP. Hồ Chí Minh',
      'Phòng Kế toán',
      'Nguyễn Thị Lan',
      'CT-024 – Nhà xưởng KCN Tân Tạo giai đoạn 2',
      'HĐ 12/2024/HĐXD',
      '15/01/2024',
      'NT-015 – Công ty TNHH Cơ điện Phương Nam',
      'Vietcombank – CN Sài Gòn',
      '0071001234567',
      'Thanh toán theo tiến độ',
      'Thanh toán khối lượng',
      '12.500.000.000',
      '4.200.000.000',
      '1.080.000.000',
      '216.000.000',
      'Bằng chữ: Một tỷ không trăm tám mươi triệu đồng',
      'Nội dung thanh toán: Thanh toán đợt 3 khối lượng hoàn thành tháng 02/2024',
      'theo biên bản nghiệm thu số 03/BBNT',
    ])
      expect(text).toContain(expected);
  });

  it('lists each checklist document in its own row: number, name, original or copy, quantity, attached', async () => {
    const html = await htmlOf(await renderPaymentDocx(v1, approved));
    const cells = (...values: string[]) =>
      values.map((v) => (v ? `<td><p>${v}</p></td>` : '<td></td>')).join('');
    expect(html).toContain(`<tr>${cells('1', 'Giấy đề nghị thanh toán', 'Bản gốc', '1', '✓')}</tr>`);
    expect(html).toContain(`<tr>${cells('2', 'Biên bản nghiệm thu khối lượng', 'Bản gốc', '2', '✓')}</tr>`);
    expect(html).toContain(`<tr>${cells('3', 'Hóa đơn GTGT', 'Bản sao', '1', '')}</tr>`);
    expect(html).not.toContain('Không có hồ sơ kèm theo');
  });

  it('says so when no document is attached', async () => {
    const text = await textOf(await renderPaymentDocx(v1, { ...approved, documents: [] }));
    expect(text).toContain('Không có hồ sơ kèm theo');
  });

  it('lists the VAT invoices under the invoice amount, each with its total', async () => {
    const invoices = [
      {
        form: '1',
        symbol: 'C24TAA',
        number: '00001234',
        date: '2024-02-28',
        seller_tax_code: '0312345673',
        total: '648000000.00',
      },
      {
        form: '1',
        symbol: 'C24TAA',
        number: '00001301',
        date: '2024-03-01',
        seller_tax_code: '0312345673-001',
        total: '432000000.00',
      },
    ];
    const docx = await renderPaymentDocx(v1, { ...approved, invoices });
    const html = await htmlOf(docx);
    const row = (...values: string[]) =>
      `<tr>${values.map((v) => `<td><p><em>${v}</em></p></td>`).join('')}</tr>`;
    expect(html).toContain(
      row('4.1', 'Hóa đơn 00001234, mẫu 1, ký hiệu C24TAA, ngày 28/02/2024', '648.000.000'),
    );
    expect(html).toContain(
      row('4.2', 'Hóa đơn 00001301, mẫu 1, ký hiệu C24TAA, ngày 01/03/2024', '432.000.000'),
    );
    const text = await textOf(docx);
    expect(text.indexOf('Giá trị hóa đơn')).toBeLessThan(text.indexOf('00001234'));
    expect(text.indexOf('00001301')).toBeLessThan(text.indexOf('Giá trị giữ lại bảo hành'));
  });

  it('prints no invoice row for a request without invoices', async () => {
    for (const invoices of [undefined, []]) {
      const text = await textOf(await renderPaymentDocx(v1, { ...approved, invoices }));
      expect(text).not.toContain('4.1');
      expect(text).not.toContain('ký hiệu');
      expect(text).toMatch(/4\s+Giá trị hóa đơn\s+1\.080\.000\.000\s+5\s+Giá trị giữ lại bảo hành/);
    }
  });

  it("prints the director's name and date once the request is approved, and not before", async () => {
    const signed = await textOf(await renderPaymentDocx(v1, approved));
    expect(signed).toContain('Trần Văn Hùng');
    expect(signed).toContain('Ngày 06/03/2024');

    const unsigned = await textOf(await renderPaymentDocx(v1, waiting));
    expect(unsigned).not.toContain('Trần Văn Hùng');
    expect(unsigned).not.toContain('06/03/2024');
    for (const block of ['Người đề nghị', 'Trưởng bộ phận', 'Kế toán trưởng', 'Giám đốc'])
      expect(unsigned).toContain(block);
    expect(unsigned).toContain(`Ngày ${BLANK_SIGN_DATE}`);
  });

  it('never prints the internal note', async () => {
    const withNote = { ...approved, internal_note: INTERNAL_NOTE };
    const text = await textOf(await renderPaymentDocx(v1, withNote));
    expect(text).not.toContain(INTERNAL_NOTE);
    // nor does a company template that asks for it by name
    const asking = withBody(v1, (xml) => xml.replace('{note}', '{note} {internal_note}'));
    await expect(renderPaymentDocx(asking, withNote)).rejects.toEqual(refusal('{internal_note}'));
  });
});

describe('the signature blocks of a request with approval steps', () => {
  const step = (name: string, more: Partial<PrintedStep> = {}): PrintedStep => ({
    name,
    status: 'waiting',
    decided_by_name: null,
    on_behalf_of: null,
    decided_at: null,
    delegation_kind: null,
    delegate_title: null,
    ...more,
  });
  const signed = (name: string, by: string, at: string, more: Partial<PrintedStep> = {}) =>
    step(name, { status: 'accepted', decided_by_name: by, decided_at: at, ...more });
  const steps: PrintedStep[] = [
    signed('Trưởng phòng', 'Phạm Quốc Bảo', '2024-03-05T09:00:00.000Z'),
    step('Kế toán trưởng', { status: 'skipped' }),
    signed('Giám đốc', 'Lê Phó', '2024-03-05T18:00:00.000Z', {
      on_behalf_of: 'giamdoc',
      delegation_kind: 'deputy',
    }),
    step('Chủ tịch HĐQT', { status: 'pending' }),
  ];

  it('is the requester’s block and one per step that applies, signed ones with the signer and the day in Vietnam', () => {
    const data = paymentTemplateData({ ...approved, steps });
    expect(data.has_steps).toBe(true);
    expect(data.signatures).toEqual([
      { date: 'Ngày 05/03/2024', title: 'NGƯỜI ĐỀ NGHỊ', title2: '', name: 'Nguyễn Thị Lan' },
      { date: 'Ngày 05/03/2024', title: 'TRƯỞNG PHÒNG', title2: '', name: 'Phạm Quốc Bảo' },
      // a deputy signing for the director, after 17:00 UTC: the 6th in Vietnam
      { date: 'Ngày 06/03/2024', title: 'KT. GIÁM ĐỐC', title2: 'PHÓ GIÁM ĐỐC', name: 'Lê Phó' },
      { date: `Ngày ${BLANK_SIGN_DATE}`, title: 'CHỦ TỊCH HĐQT', title2: '', name: '' },
    ]);
    expect(data.signature_rows).toHaveLength(1);
    expect(paymentTemplateData(approved)).toMatchObject({
      has_steps: false,
      signatures: [],
      signature_rows: [],
    });
  });

  it('reads TUQ. for a delegate by authorization, over his own title when the delegation gives one', () => {
    const tuq = (delegate_title: string | null) =>
      paymentTemplateData({
        ...approved,
        steps: [
          signed('Giám đốc', 'Lê Phó', '2024-03-06T02:00:00.000Z', {
            on_behalf_of: 'giamdoc',
            delegation_kind: 'authorized',
            delegate_title,
          }),
        ],
      }).signatures[1];
    expect(tuq(null)).toMatchObject({ title: 'TUQ. GIÁM ĐỐC', title2: '', name: 'Lê Phó' });
    expect(tuq('Trưởng phòng Kế toán')).toMatchObject({
      title: 'TUQ. GIÁM ĐỐC',
      title2: 'TRƯỞNG PHÒNG KẾ TOÁN',
    });
  });

  it('prints them in template v1 instead of the four fixed blocks, four to a line', async () => {
    const more = [...steps, signed('Ban kiểm soát', 'Đỗ Hữu Kiểm', '2024-03-07T02:00:00.000Z')];
    const lines = (await textOf(await renderPaymentDocx(v1, { ...approved, steps: more })))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const from = lines.indexOf('NGƯỜI ĐỀ NGHỊ') - 1;
    expect(lines.slice(from).filter((l) => !l.startsWith('(Ký'))).toEqual([
      'Ngày 05/03/2024',
      'NGƯỜI ĐỀ NGHỊ',
      'Ngày 05/03/2024',
      'TRƯỞNG PHÒNG',
      'Ngày 06/03/2024',
      'KT. GIÁM ĐỐC',
      'PHÓ GIÁM ĐỐC',
      `Ngày ${BLANK_SIGN_DATE}`,
      'CHỦ TỊCH HĐQT',
      'Nguyễn Thị Lan',
      'Phạm Quốc Bảo',
      'Lê Phó',
      // the second line: the fifth block
      'Ngày 07/03/2024',
      'BAN KIỂM SOÁT',
      'Đỗ Hữu Kiểm',
    ]);
    expect(lines).not.toContain('Trưởng bộ phận');
    expect(lines).not.toContain('KẾ TOÁN TRƯỞNG');
  });
});

describe('the VietQR code on paper', () => {
  const code = { payload: '00020101021238570010A000000727', content: 'YCTT 7 HD 12-2024-HDXD' };

  it('draws the code beside the amounts, above the signatures, and adds the picture to the package', async () => {
    const docx = await renderPaymentDocx(v1, { ...approved, vietqr: code });
    const zip = new PizZip(docx);
    expect(zip.file('word/media/sitepay-vietqr.png')?.asNodeBuffer().subarray(1, 4).toString()).toBe('PNG');
    const xml = zip.file('word/document.xml')!.asText();
    expect(xml).toContain(
      '<a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:embed="rIdSitePayVietQr"/>',
    );
    // beside the amounts (one table holds both), before the signatures: one A4 page
    // (docs/adr/0076-vietqr-beside-the-amounts.md)
    expect(xml.indexOf('Đề nghị thanh toán lần này')).toBeLessThan(
      xml.indexOf('Chuyển khoản bằng mã VietQR'),
    );
    expect(xml.indexOf('Chuyển khoản bằng mã VietQR')).toBeLessThan(xml.lastIndexOf('Giám đốc'));
    const text = await textOf(docx);
    expect(text.match(/Đề nghị thanh toán lần này/g)).toHaveLength(1);
    expect(text).toContain('Nội dung: YCTT 7 HD 12-2024-HDXD');
    expect(text).not.toContain('Không in mã VietQR');
  });

  it('says why there is no code, and draws none', async () => {
    const docx = await renderPaymentDocx(v1, {
      ...approved,
      vietqr: { missing: 'ngân hàng X chưa có mã BIN.' },
    });
    expect(new PizZip(docx).file('word/media/sitepay-vietqr.png')).toBeNull();
    const text = await textOf(docx);
    expect(text).toContain('Không in mã VietQR: ngân hàng X chưa có mã BIN.');
    expect(text).not.toContain('Chuyển khoản bằng mã VietQR');
  });

  it('prints nothing about it before acceptance', async () => {
    const docx = await renderPaymentDocx(v1, { ...waiting, vietqr: null });
    expect(await textOf(docx)).not.toContain('VietQR');
    expect(new PizZip(docx).file('word/_rels/document.xml.rels')!.asText()).not.toContain('rIdSitePayVietQr');
  });

  it('is left out by a company template without the tag', async () => {
    const own = withBody(v1, (xml) => xml.replace('{@vietqr_image}', ''));
    const docx = await renderPaymentDocx(own, { ...approved, vietqr: code });
    expect(new PizZip(docx).file('word/media/sitepay-vietqr.png')).toBeNull();
  });
});

describe('a template that cannot be used', () => {
  it('is refused with a 422 naming an unclosed tag', async () => {
    const broken = withBody(v1, (xml) => xml.replace('{amount}', '{amount'));
    const error = await renderPaymentDocx(broken, approved).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toEqual(refusal(/tag beginning with "\{amount.*is unclosed/));
  });

  it('is refused with a 422 naming a loop that is never closed', async () => {
    const broken = withBody(v1, (xml) => xml.replace('{note}', '{#loop}'));
    await expect(renderPaymentDocx(broken, approved)).rejects.toEqual(
      refusal('The loop with tag "loop" is unclosed'),
    );
  });

  it('is refused with a 422 naming a tag the print does not know', async () => {
    const typo = withBody(v1, (xml) => xml.replaceAll('{amount}', '{ammount}'));
    await expect(renderPaymentDocx(typo, approved)).rejects.toEqual(refusal('unknown tag {ammount}'));
  });

  it('is refused with a 422 when its XML is broken', async () => {
    const broken = withBody(v1, (xml) => xml.replace('<w:body>', '<w:body><w:p>'));
    await expect(renderPaymentDocx(broken, approved)).rejects.toEqual(
      refusal('word/document.xml is not well-formed XML'),
    );
  });

  it('is refused with a 422 when it is not a Word document at all', async () => {
    await expect(renderPaymentDocx(Buffer.from('not a zip'), approved)).rejects.toEqual(
      refusal('not a Word document'),
    );
    const zip = new PizZip();
    zip.file('notes.txt', 'hello');
    await expect(renderPaymentDocx(zip.generate({ type: 'nodebuffer' }), approved)).rejects.toEqual(
      refusal('could not be identified'),
    );
  });
});

describe('a printed file is well-formed XML', () => {
  /** Every XML part of the file read back with a strict parser: the first fault, or null. */
  const faultOf = (docx: Buffer) => packageFault(new PizZip(docx));
  const bodyOf = (docx: Buffer) => new PizZip(docx).file('word/document.xml')!.asText();

  it('prints tabs, line breaks, Vietnamese text and emoji as they were typed', async () => {
    const note = 'Đợt 3:\tkhối lượng tháng 02/2024 ✓ 🏗️👷\r\nNghiệm thu số 03/BBNT — “đạt” & <đủ>';
    const docx = await renderPaymentDocx(v1, { ...approved, note });
    expect(faultOf(docx)).toBeNull();
    const text = await textOf(docx);
    for (const part of ['Đợt 3:', 'khối lượng tháng 02/2024 ✓ 🏗️👷', 'Nghiệm thu số 03/BBNT — “đạt” & <đủ>'])
      expect(text).toContain(part);
  });

  it('prints a row stored before such characters were refused, without them', async () => {
    const note = 'Ghi\u0001 chú\u001f có\ufffe ký\uffff tự\ud800 lạ\udc00 cuối\u000b';
    const docx = await renderPaymentDocx(v1, {
      ...approved,
      note,
      beneficiary_name: 'Công ty\u0002 TNHH',
      documents: [{ name: 'Hóa đơn\u0007', type: 'copy', quantity: 1, attached: true }],
    });
    expect(faultOf(docx)).toBeNull();
    const body = bodyOf(docx);
    expect(body).toContain('Ghi chú có ký tự lạ cuối');
    expect(body).toContain('Công ty TNHH');
    expect(body).toContain('Hóa đơn');
  });

  it('refuses to serve a file that would not be well-formed (a raw XML tag fed with text)', async () => {
    // a company template may hold a raw tag; a note then writes XML of its own into the file
    const raw = withBody(v1, (xml) =>
      xml.replace('<w:body>', '<w:body><w:p><w:r><w:t>{@note}</w:t></w:r></w:p>'),
    );
    const error = await renderPaymentDocx(raw, { ...approved, note: '<w:p><w:r>' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedDocumentError);
    expect((error as MalformedDocumentError).part).toBe('word/document.xml');
  });

  it('refuses a template any of whose XML parts is broken, not only the body', async () => {
    const zip = new PizZip(v1);
    zip.file('word/styles.xml', zip.file('word/styles.xml')!.asText().replace('</w:styles>', ''));
    await expect(renderPaymentDocx(zip.generate({ type: 'nodebuffer' }), approved)).rejects.toEqual(
      refusal('word/styles.xml is not well-formed XML'),
    );
    const amp = withBody(v1, (xml) => xml.replace('{note}', '{note} A & B'));
    await expect(renderPaymentDocx(amp, approved)).rejects.toEqual(
      refusal('word/document.xml is not well-formed XML'),
    );
  });

  it('finds what a strict parser finds', () => {
    expect(xmlFault('<a><b/></a>')).toBeNull();
    expect(xmlFault('<a><b></a>')).toMatch(/close tag/);
    expect(xmlFault('<a>\u0001</a>')).not.toBeNull();
    expect(xmlFault('<a>\ufffe</a>')).not.toBeNull();
    expect(xmlFault('<a>x & y</a>')).not.toBeNull();
    expect(xmlFault('<a>\t\n\r é 🏗️</a>')).toBeNull();
  });
});

describe('the built-in templates', () => {
  it('finds v1 as a Word file', async () => {
    const v1Again = await builtInTemplate('v1');
    expect(v1Again?.subarray(0, 2).toString()).toBe('PK');
    expect(new PizZip(v1Again!).file('word/document.xml')).not.toBeNull();
  });

  it('answers null for a version with no file, or one that is not a plain name', async () => {
    expect(await builtInTemplate('v9')).toBeNull();
    expect(await builtInTemplate('../x')).toBeNull();
    expect(await builtInTemplate('../../package')).toBeNull();
    expect(await builtInTemplate('')).toBeNull();
    expect(await builtInTemplate('v1/../v1')).toBeNull();
  });
});
