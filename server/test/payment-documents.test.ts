/**
 * The printed payment request through HTTP, on both backends: the Word document and its PDF (with
 * LibreOffice, which CI installs), the company's own template over v1, a broken template, no
 * template at all, and the VietQR code on the paper and at its own endpoint. Without LibreOffice,
 * PDF answers 501 and Word still prints.
 */
import { spawnSync } from 'node:child_process';
import FormData from 'form-data';
import jsQR from 'jsqr';
import PizZip from 'pizzip';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInTemplate } from '../src/modules/payment/payment-print.ts';
import { type Factories, factories, type Rec, type RequestState } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

/** The text of a Word document's body, tags and runs removed (what a reader sees, in order). */
const bodyText = (docx: Buffer) =>
  new PizZip(docx)
    .file('word/document.xml')!
    .asText()
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** v1 with its body edited, as a company would edit a copy in Word. */
async function editedV1(edit: (xml: string) => string): Promise<Buffer> {
  const zip = new PizZip((await builtInTemplate('v1'))!);
  zip.file('word/document.xml', edit(zip.file('word/document.xml')!.asText()));
  return zip.generate({ type: 'nodebuffer' });
}

/** The QR code drawn in a PNG, decoded as a banking app's camera would. */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

const AMOUNT_WORDS = 'Một trăm hai mươi ba triệu bốn trăm năm mươi sáu nghìn bảy trăm tám mươi chín đồng';

describe.each(backends)('printed payment requests (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string;
  let giamdoc: string;
  let ketoan2: string;
  let hp: number;
  let f: Factories;
  let kl: number;
  let ct1: number;
  let ct4: number; // company Đông Nam, which has no template of its own
  let contractor: Rec;
  const banks: Record<string, Rec> = {};

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan, giamdoc, ketoan2] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
      s.login('ketoan2', 'ketoan123'),
    ]);
    hp = (await s.call('GET', '/api/admin/company/list/all', admin)).body.find(
      (c: { code: string }) => c.code === 'HP',
    ).id;
    f = factories(s, { admin, accountant: ketoan, director: giamdoc });
    const ref = await f.lookup();
    ct1 = ref.constructions['CT-001']!.id;
    ct4 = ref.constructions['CT-004']!.id;
    kl = ref.transactionTypes.KL!.id;
    for (const b of ref.banks) banks[b.code] = b;
    contractor = await f.contractor({ code: 'NT-IN', name: 'Công ty TNHH In Ấn' });
  });
  afterAll(() => s?.close());

  let seq = 0;
  /**
   * A contract paid to an account at `bankId`, and one request of 123,456,789 đồng against it,
   * walked to `state` (created unless told).
   */
  async function request(
    opts: {
      bankId?: number;
      template?: string;
      account?: string;
      construction?: number;
      token?: string;
      state?: RequestState;
      /** More of the contract (its warranty retention…). */
      contract?: Record<string, unknown>;
    } = {},
  ) {
    const by = opts.token ?? ketoan;
    seq += 1;
    const benef = await f.payee(contractor, {
      bank_id: opts.bankId ?? banks.VCB!.id,
      account_number: opts.account ?? `00710012345${String(seq).padStart(2, '0')}`,
    });
    const contract = await f.contract({
      contract_no: `HĐ ${seq}/2025/HĐXD-IN`,
      construction_id: opts.construction ?? ct1,
      constructor_id: contractor.id,
      beneficiary_id: benef.id,
      ...opts.contract,
      by,
    });
    const created = await f.request(contract, {
      amount: '123456789',
      note: 'Thanh toán khối lượng đợt 1',
      internal_note: 'Chỉ nội bộ: chưa đối chiếu',
      template: opts.template,
      state: opts.state,
      by,
    });
    return { ...created, code: created.code as string, contract_no: contract.contract_no as string };
  }

  const download = async (id: number, format?: 'docx' | 'pdf', token = ketoan) => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/payment-transaction/download/${id}${format ? `?format=${format}` : ''}`,
      headers: { ...authHeaders(token) },
    });
    return {
      status: res.statusCode,
      body: res.rawPayload,
      json: () => res.json(),
      headers: res.headers,
    };
  };

  async function uploadTemplate(documentType: string, docx: Buffer) {
    const form = new FormData();
    form.append('documentType', documentType);
    form.append('file', docx, { filename: `${documentType}.docx`, contentType: 'application/octet-stream' });
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/admin/company/templates/${hp}`,
      payload: form.getBuffer(),
      headers: { ...form.getHeaders(), ...authHeaders(admin) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('prints Word with the amount in words, the contract number and the checklist, never the internal note', async () => {
    const r = await request();
    const res = await download(r.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toContain('.docx');
    const text = bodyText(res.body);
    expect(text).toContain('GIẤY ĐỀ NGHỊ THANH TOÁN');
    expect(text).toContain(r.contract_no);
    expect(text).toContain(AMOUNT_WORDS);
    expect(text).toContain('123.456.789');
    // the checklist of a "Thanh toán khối lượng" request: its own documents and the general ones
    for (const document of [
      'Giấy đề nghị thanh toán',
      'Biên bản nghiệm thu khối lượng',
      'Bảng tính giá trị đề nghị thanh toán',
      'Hóa đơn GTGT',
    ])
      expect(text).toContain(document);
    expect(text).not.toContain('Chỉ nội bộ');
    // not accepted yet: no VietQR code, nor a word about one
    expect(new PizZip(res.body).file('word/media/sitepay-vietqr.png')).toBeNull();
    expect(text).not.toContain('VietQR');
  });

  it('prints the warranty retention the contract holds back, in Word and in PDF', async () => {
    // 1,000,000,000 + 10 % VAT, 5 % held back: 55,000,000 đồng
    const r = await request({ contract: { retention_percent: '5' } });
    const row = /Giá trị giữ lại bảo hành\s*55\.000\.000/;
    expect(bodyText((await download(r.id)).body)).toMatch(row);
    const pdf = await download(r.id, 'pdf');
    expect(pdf.status).toBe(200);
    const text = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf.body, encoding: 'utf8' });
    expect(text.stdout.replace(/\s+/g, ' ')).toMatch(row);
    // a contract without retention prints 0, not an empty row
    const none = await request();
    expect(bodyText((await download(none.id)).body)).toMatch(/Giá trị giữ lại bảo hành\s*0(?![.\d])/);
  });

  it('prints PDF through LibreOffice with every Vietnamese glyph intact', async () => {
    const r = await request();
    const res = await download(r.id, 'pdf');
    expect(res.status, res.body.toString().slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/\.pdf"?;|\.pdf$/);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = spawnSync('pdftotext', ['-', '-'], { input: res.body, encoding: 'utf8' });
    expect(text.status, text.stderr).toBe(0);
    const words = text.stdout.replace(/\s+/g, ' ');
    expect(words).toContain('GIẤY ĐỀ NGHỊ THANH TOÁN');
    expect(words).toContain(AMOUNT_WORDS);
    expect(words).toContain('Công ty TNHH In Ấn');
    expect(words).toContain('Kế toán trưởng');
  });

  it('prints an accepted request with its VietQR code: the image decodes to the endpoint’s payload', async () => {
    const r = await request({ state: 'accepted' });
    const qr = await s.call('GET', `/api/payment-transaction/vietqr/${r.id}`, ketoan);
    expect(qr.status, JSON.stringify(qr.body)).toBe(200);
    expect(qr.body).toMatchObject({
      bin: '970436',
      amount: '123456789',
      account_number: expect.stringMatching(/^00710012345\d\d$/),
    });
    // the request's own number first, then as much of the contract's as 25 characters hold
    expect(r.code).toMatch(/^YCTT-\d{4}-\d{6}$/);
    expect(qr.body.content).toMatch(new RegExp(`^${r.code} HD \\d+-2`));
    expect(qr.body.content).toHaveLength(25);
    expect(qr.body.payload).toContain('0010A000000727');
    const account: string = qr.body.account_number;
    expect(qr.body.payload).toContain(
      `0006970436${`01${String(account.length).padStart(2, '0')}${account}`}`,
    );
    expect(qr.body.payload).toContain('5409123456789');
    expect(qr.body.png).toMatch(/^data:image\/png;base64,/);
    expect(decodeQr(Buffer.from(qr.body.png.split(',')[1], 'base64'))).toBe(qr.body.payload);

    const docx = (await download(r.id)).body;
    const zip = new PizZip(docx);
    const png = zip.file('word/media/sitepay-vietqr.png');
    expect(png).not.toBeNull();
    expect(decodeQr(png!.asNodeBuffer())).toBe(qr.body.payload);
    expect(zip.file('word/_rels/document.xml.rels')!.asText()).toContain(
      'Id="rIdSitePayVietQr" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/sitepay-vietqr.png"',
    );
    expect(zip.file('[Content_Types].xml')!.asText()).toContain('Extension="png"');
    expect(zip.file('word/document.xml')!.asText()).toContain('r:embed="rIdSitePayVietQr"');
    const text = bodyText(docx);
    expect(text).toContain('Chuyển khoản bằng mã VietQR');
    expect(text).toContain(qr.body.content);
  });

  it('prints an accepted, unpaid request on one A4 page, its VietQR code included (issue 30, 20)', async () => {
    /** The PDF's page count (pdfinfo) and its last page's text (pdftotext). */
    const printed = async (id: number) => {
      const pdf = await download(id, 'pdf');
      expect(pdf.status).toBe(200);
      const info = spawnSync('pdfinfo', ['-'], { input: pdf.body, encoding: 'utf8' });
      const pages = Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1]);
      const last = spawnSync('pdftotext', ['-f', String(pages), '-l', String(pages), '-', '-'], {
        input: pdf.body,
        encoding: 'utf8',
      });
      return { pages, last: last.stdout.replace(/\s+/g, ' ') };
    };
    // a request's usual checklist (a "Thanh toán khối lượng": four documents) and a retention row
    const accepted = await request({ state: 'accepted', contract: { retention_percent: '5' } });
    const withCode = await printed(accepted.id);
    expect(withCode.pages).toBe(1);
    expect(withCode.last).toContain('Chuyển khoản bằng mã VietQR');
    expect(withCode.last).toContain('Giám đốc');
    // the same request without a code (still waiting) is one page too
    const waiting = await request({ state: 'waiting', contract: { retention_percent: '5' } });
    expect((await printed(waiting.id)).pages).toBe(withCode.pages);
  });

  it('answers why a request has no VietQR code: not accepted, a bank without BIN, paid', async () => {
    const waiting = await request();
    const notYet = await s.call('GET', `/api/payment-transaction/vietqr/${waiting.id}`, ketoan);
    expect(notYet.status).toBe(422);
    expect(notYet.body.reason).toBe('vietqr_not_accepted');

    const bank = await s.call('POST', '/api/admin/setting/bank/create', admin, {
      code: 'NOBIN',
      name: 'Ngân hàng Chưa Có BIN',
      bin: '',
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    expect(bank.body.bin).toBeNull();
    const noBin = await request({ bankId: bank.body.id, state: 'accepted' });
    const refused = await s.call('GET', `/api/payment-transaction/vietqr/${noBin.id}`, ketoan);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      reason: 'vietqr_no_bin',
      params: { bank: 'Ngân hàng Chưa Có BIN' },
    });
    const paper = await download(noBin.id);
    expect(new PizZip(paper.body).file('word/media/sitepay-vietqr.png')).toBeNull();
    expect(bodyText(paper.body)).toContain(
      'Không in mã VietQR: ngân hàng Ngân hàng Chưa Có BIN chưa có mã BIN NAPAS trong danh mục Ngân hàng.',
    );

    const paid = await request({ state: 'accepted' });
    const confirm = await s.call('PATCH', `/api/payment-transaction/require-paid/${paid.id}`, ketoan, {
      version: paid.version,
    });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    expect((await s.call('GET', `/api/payment-transaction/vietqr/${paid.id}`, ketoan)).body.reason).toBe(
      'vietqr_paid',
    );
    expect(new PizZip((await download(paid.id)).body).file('word/media/sitepay-vietqr.png')).toBeNull();

    // another company's request: as if it did not exist
    expect((await s.call('GET', `/api/payment-transaction/vietqr/${paid.id}`, ketoan2)).status).toBe(404);
  });

  it('a bank’s BIN is six digits, optional', async () => {
    const bad = await s.call('POST', '/api/admin/setting/bank/create', admin, {
      code: 'BADBIN',
      name: 'Ngân hàng Sai BIN',
      bin: '97043',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'bin', message: 'invalid_format' }]);
    expect(banks.VCB).toMatchObject({ bin: '970436' });
    expect(banks.BIDV).toMatchObject({ bin: '970418' });
  });

  it('prints with the company’s own template when it has one, the version’s own before the general one', async () => {
    const r = await request();
    await uploadTemplate(
      'payment',
      await editedV1((xml) => xml.replace('GIẤY ĐỀ NGHỊ THANH TOÁN', 'MẪU RIÊNG CỦA HÒA PHÁT')),
    );
    const own = bodyText((await download(r.id)).body);
    expect(own).toContain('MẪU RIÊNG CỦA HÒA PHÁT');
    expect(own).toContain(AMOUNT_WORDS);
    expect(own).not.toContain('GIẤY ĐỀ NGHỊ THANH TOÁN');

    await uploadTemplate(
      'payment-v1',
      await editedV1((xml) => xml.replace('GIẤY ĐỀ NGHỊ THANH TOÁN', 'MẪU V1 CỦA HÒA PHÁT')),
    );
    expect(bodyText((await download(r.id)).body)).toContain('MẪU V1 CỦA HÒA PHÁT');

    // a template that names a field the print does not have: 422 naming it, never a blank on paper
    await uploadTemplate('payment-v1', await editedV1((xml) => xml.replaceAll('{amount}', '{so_tien}')));
    const unknown = await download(r.id);
    expect(unknown.status).toBe(422);
    expect(unknown.json()).toMatchObject({ reason: 'template_unknown_tags', params: { tags: '{so_tien}' } });

    await uploadTemplate('payment-v1', await editedV1((xml) => xml.replace('<w:body>', '<w:body><w:p>')));
    const broken = await download(r.id);
    expect(broken.status).toBe(422);
    expect(broken.json().message).toContain('word/document.xml is not well-formed XML');

    // another company's requests keep v1
    const dn = await request({ construction: ct4, token: ketoan2 });
    expect(bodyText((await download(dn.id, 'docx', ketoan2)).body)).toContain('GIẤY ĐỀ NGHỊ THANH TOÁN');
    // back to a good template for the other tests
    await uploadTemplate('payment-v1', (await builtInTemplate('v1'))!);
  });

  it('answers "file template not found" when neither the company nor the app has the version', async () => {
    const r = await request({ template: 'v9', construction: ct4, token: ketoan2 });
    const res = await download(r.id, 'docx', ketoan2);
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ message: 'file template not found', reason: 'template_not_found' });
    expect((await download(r.id, 'pdf', ketoan2)).status).toBe(404);
    // the request itself is there: v1 prints it
    const v1 = await s.call('PUT', `/api/payment-transaction/update/${r.id}?template=v1`, ketoan2, {
      payment_code: 'TD',
      transaction_type_id: kl,
      date: '2025-06-10',
      amount: '123456789',
      note: 'Thanh toán khối lượng đợt 1',
      version: r.version,
    });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(v1.body.template).toBe('v1');
    expect((await download(r.id, 'docx', ketoan2)).status).toBe(200);
  });

  it('answers 404 for another company’s request, in Word and PDF', async () => {
    const r = await request();
    expect((await download(r.id, 'docx', ketoan2)).status).toBe(404);
    expect((await download(r.id, 'pdf', ketoan2)).status).toBe(404);
  });
});

describe('printing without LibreOffice', () => {
  let s: TestServer;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    s = await createTestServer('pglite', {
      demo: true,
      pdf: { soffice: '/nonexistent/libreoffice/soffice' },
      log: (line) => lines.push(line),
    });
  });
  afterAll(() => s?.close());

  it('says once at start that PDF is unavailable, answers 501 for PDF and still prints Word', async () => {
    const warnings = lines.filter((l) => String(l.msg).startsWith('PDF printing unavailable'));
    expect(warnings).toHaveLength(1);
    const admin = await s.login();
    // a request of a fresh contract
    const f = factories(s, { admin, accountant: admin });
    const c = await f.contract({ amount_before_vat: '1000000' });
    const id = (await f.request(c, { amount: '500000', note: 'Thanh toán' })).id;
    const pdf = await s.call('GET', `/api/payment-transaction/download/${id}?format=pdf`, admin);
    expect(pdf.status).toBe(501);
    expect(pdf.body).toMatchObject({ reason: 'pdf_unavailable' });
    expect(pdf.body.message).toContain('LibreOffice');
    const word = await s.app.inject({
      method: 'GET',
      url: `/api/payment-transaction/download/${id}`,
      headers: { ...authHeaders(admin) },
    });
    expect(word.statusCode).toBe(200);
    expect(lines.filter((l) => String(l.msg).startsWith('PDF printing unavailable'))).toHaveLength(1);
  });
});
