/**
 * Archives checked before they are trusted, and the files a record may hold (issue 27, items 4 and
 * 5), through HTTP on both backends: zip bombs refused at upload (declared sizes, ratio, entry
 * count, a lying header), a bomb already on the drive refused at print without the server's memory
 * growing, the cap of files per record (with concurrent uploads on one record), and an upload of
 * far more files than one request may carry answered, not reset. Memory is logged before and after.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import FormData from 'form-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesConfig } from '../src/files/file-store.ts';
import { builtInTemplate } from '../src/modules/payment/payment-print.ts';
import { type Factories, factories } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

const MiB = 1024 * 1024;

type ZipEntry = {
  name: string;
  /** Deflated bytes (raw deflate), or the bytes stored as they are. */
  data: Buffer;
  method: 0 | 8;
  size: number;
  crc: number;
  /** The inflated size written in the headers (a lying header says less than `size`). */
  declared?: number;
};

/** A zip archive written by hand: local headers, data, central directory, end record. */
function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const size = e.declared ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `mib` MiB of zeros, deflated: one MiB deflated once into non-final blocks (a sync flush) and
 * repeated, then the final empty block — a valid deflate stream of about 1 KB per MiB.
 */
function zeros(mib: number): ZipEntry {
  const block = Buffer.alloc(MiB);
  const piece = zlib.deflateRawSync(block, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const data = Buffer.concat([...Array.from({ length: mib }, () => piece), Buffer.from([0x03, 0x00])]);
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = zlib.crc32(block, crc);
  return { name: 'word/document.xml', data, method: 8, size: mib * MiB, crc };
}

const small = (name: string, text: string): ZipEntry => {
  const bytes = Buffer.from(text);
  return { name, data: zlib.deflateRawSync(bytes), method: 8, size: bytes.length, crc: zlib.crc32(bytes) };
};

/** The 1 GiB bomb of the probe: [Content_Types].xml and a document.xml of zeros, about 1 MB. */
const gibBomb = () => zipOf([small('[Content_Types].xml', '<Types/>'), zeros(1024)]);

const rss = () => Math.round(process.memoryUsage().rss / MiB);

describe.each(backends)('archives and files per record (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let f: Factories;
  let root: string;
  let hp: number;

  const files: () => FilesConfig = () => ({
    store: { kind: 'local', root },
    maxFileBytes: 2 * MiB,
    maxFiles: 10,
    maxFilesPerRecord: 50,
    maxRecordBytes: 4 * MiB,
  });

  async function upload(
    url: string,
    fields: Record<string, string>,
    parts: { name: string; data: Buffer }[],
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const p of parts)
      form.append('file', p.data, { filename: p.name, contentType: 'application/octet-stream' });
    const res = await s.app.inject({
      method: 'POST',
      url,
      payload: form.getBuffer(),
      headers: { ...form.getHeaders(), ...authHeaders(admin) },
    });
    return { status: res.statusCode, body: res.json() };
  }
  const uploadTemplate = (companyId: number, docx: Buffer) =>
    upload(`/api/admin/company/templates/${companyId}`, { documentType: 'payment' }, [
      { name: 'payment.docx', data: docx },
    ]);
  const newCompany = async (code: string) => (await f.company({ code, name: `Công ty ${code}` })).id;
  const pdf = (n: number, size = 1000) => ({
    name: `chung-tu-${n}.pdf`,
    data: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]),
  });

  /** A contract of CT-001 and one payment request against it; answers the request and its company. */
  async function paymentRequest() {
    const contractor = await f.contractor({ code: 'NT-BOM', name: 'Công ty Bom Nén' });
    const benef = await f.payee(contractor, { account_number: '0071001234599' });
    const contract = await f.contract({
      contract_no: 'HĐ 1/2025/BOM',
      constructor_id: contractor.id,
      beneficiary_id: benef.id,
    });
    const created = await f.request(contract, { amount: '123456789', note: 'Khối lượng đợt 1' });
    return { id: created.id as number, company_id: created.company_id as number };
  }

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-archives-test-'));
    s = await createTestServer(backend, { demo: true, files: files() });
    admin = await s.login();
    // what this file makes, the administrator makes, requests included
    f = factories(s, { admin, accountant: admin });
    hp = (await s.call('GET', '/api/admin/company/list/all', admin)).body.find(
      (c: { code: string }) => c.code === 'HP',
    ).id;
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses a 1 GiB zip bomb as a company template at upload, naming the file field, and stores nothing', async () => {
    const bomb = gibBomb();
    expect(bomb.length).toBeLessThan(2 * MiB);
    const before = rss();
    const res = await uploadTemplate(hp, bomb);
    console.log(
      `[${backend}] template bomb upload (${bomb.length} bytes → 1 GiB): rss ${before} → ${rss()} MB`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: 'bad_request' });
    expect(res.body.errors).toEqual([{ field: 'file', message: 'archive_too_large' }]);
    expect(rss() - before).toBeLessThan(200);
    const permission = await s.call('GET', `/api/admin/company/templates/${hp}/permission`, admin);
    expect(permission.body.documentTypes).not.toContain('payment');
  });

  it('refuses an Office attachment past the ratio, past 1,000 entries, or with a lying header; a real .docx passes', async () => {
    const id = String(await newCompany('ARC'));
    const url = '/api/admin/company/file/upload';
    // 10 MiB in one entry of ~10 KB: under 50 MB, but inflating 1,000 times
    const ratio = zipOf([zeros(10)]);
    const many = zipOf(Array.from({ length: 1001 }, (_, i) => small(`xl/part${i}.xml`, '<a/>')));
    // declares 1,000 bytes, inflates to 64 MiB: only the capped inflating sees it
    const lying = zipOf([{ ...zeros(64), declared: 1000 }]);
    for (const [name, data] of [
      ['bang-tinh.xlsx', ratio],
      ['nhieu-phan.xlsx', many],
      ['ho-so.docx', lying],
      ['trinh-chieu.pptx', ratio],
    ] as const) {
      const res = await upload(url, { id }, [{ name, data }]);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'file', message: 'archive_too_large' }]);
    }
    // not an archive at all, under a .docx name: not the type it claims
    const fake = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(500, 7)]);
    const broken = await upload(url, { id }, [{ name: 'gia.docx', data: fake }]);
    expect(broken.status).toBe(400);
    expect(broken.body.errors).toEqual([{ field: 'file', message: 'file_content' }]);
    expect((await s.call('GET', `/api/admin/company/file/list/${id}`, admin)).body).toEqual([]);
    const real = await upload(url, { id }, [{ name: 'mau.docx', data: (await builtInTemplate('v1'))! }]);
    expect(real.status, JSON.stringify(real.body)).toBe(200);
  });

  it('checks a template again at print: a bomb placed on the drive answers 422, never a 500, and memory stays flat', async () => {
    const request = await paymentRequest();
    fs.mkdirSync(path.join(root, 'drive', 'bom'), { recursive: true });
    fs.writeFileSync(path.join(root, 'drive', 'bom', 'payment.docx'), gibBomb());
    const placed = await s.call('POST', `/api/admin/company/templates/${request!.company_id}`, admin, {
      drivePath: 'bom',
      documentType: 'payment',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const before = rss();
    const started = Date.now();
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/payment-transaction/download/${request!.id}`,
      headers: authHeaders(admin),
    });
    console.log(
      `[${backend}] print with a 1 GiB bomb on the drive: ${res.statusCode} in ${Date.now() - started} ms, rss ${before} → ${rss()} MB`,
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, reason: 'template_too_large' });
    expect(rss() - before).toBeLessThan(200);
  });

  it('caps the files of one record: the 51st answers 422 too_many_files, and bytes past the cap likewise', async () => {
    const id = String(await newCompany('CAP'));
    const url = '/api/admin/company/file/upload';
    const before = rss();
    for (let batch = 0; batch < 5; batch++) {
      const res = await upload(
        url,
        { id },
        Array.from({ length: 10 }, (_, i) => pdf(batch * 10 + i)),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const over = await upload(url, { id }, [pdf(51)]);
    console.log(
      `[${backend}] 50 files on one record, then one more: ${over.status}, rss ${before} → ${rss()} MB`,
    );
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'unprocessable', reason: 'too_many_files', params: { max: 50 } });
    expect((await s.call('GET', `/api/admin/company/file/list/${id}`, admin)).body).toHaveLength(50);
    // the record's bytes: 4 MiB here (FILE_MAX_RECORD_MB), 1.5 MiB files
    const heavy = String(await newCompany('HEAVY'));
    for (let i = 0; i < 2; i++)
      expect((await upload(url, { id: heavy }, [pdf(i, 1.5 * MiB)])).status).toBe(200);
    const tooMuch = await upload(url, { id: heavy }, [pdf(3, 1.5 * MiB)]);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.reason).toBe('record_files_too_large');
  });

  it('counts concurrent uploads to one record one after the other: never past the cap', async () => {
    const id = String(await newCompany('RACE'));
    const url = '/api/admin/company/file/upload';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        upload(
          url,
          { id },
          Array.from({ length: 10 }, (_, i) => pdf(n * 10 + i)),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 422, 422, 422]);
    expect((await s.call('GET', `/api/admin/company/file/list/${id}`, admin)).body).toHaveLength(50);
  });

  it('answers an upload of 1,000 files in one request over a real connection, with the error envelope', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as AddressInfo;
    const form = new FormData();
    form.append('id', String(hp));
    for (let i = 0; i < 1000; i++) form.append('file', pdf(i).data, { filename: `f${i}.pdf` });
    const body = form.getBuffer();
    const before = rss();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/admin/company/file/upload',
          headers: { ...form.getHeaders(), 'content-length': body.length, ...authHeaders(admin) },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    console.log(`[${backend}] one upload of 1,000 files: ${answer.status}, rss ${before} → ${rss()} MB`);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      errors: [{ field: 'file', message: 'too_many' }],
    });
  });
});
