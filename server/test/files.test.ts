import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { and, eq } from 'drizzle-orm';
import FormData from 'form-data';
import PizZip from 'pizzip';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { fileUpload } from '../src/db/schema.ts';
import { createFileStore } from '../src/files/create-file-store.ts';
import { FileNotFoundError, type FileStore, type FilesConfig } from '../src/files/file-store.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

// The SDK warns once that its releases from 2027 need Node 22: known, and noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const MAX = 64 * 1024;
const bytes = (head: string | number[], size: number) => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return Buffer.concat([start, crypto.randomBytes(size - start.length)]);
};
const pdf = () => bytes('%PDF-1.7\n', 3000);
/** A real zip archive (Office files are checked as archives at upload), of random, incompressible parts. */
const office = (parts: number) => {
  const zip = new PizZip();
  for (let i = 0; i < parts; i++) zip.file(`xl/part${i}.xml`, crypto.randomBytes(1000));
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
};
const xlsx = () => office(5);
const docx = () => office(2);
const exe = () => bytes('MZ\x90\x00\x03\x00\x00\x00', 4000);
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

type Part = { name: string; data: Buffer };

/** Every file under a folder, as paths relative to it. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(root, f)).isFile(),
  );
}

function harness(s: () => TestServer) {
  const send = async (url: string, token: string, fields: Record<string, string>, parts: Part[]) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const p of parts)
      form.append('file', p.data, { filename: p.name, contentType: 'application/octet-stream' });
    const res = await s().app.inject({
      method: 'POST',
      url,
      payload: form.getBuffer(),
      headers: { ...form.getHeaders(), ...authHeaders(token) },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const download = async (url: string, token: string) => {
    const res = await s().app.inject({ method: 'GET', url, headers: { ...authHeaders(token) } });
    return { status: res.statusCode, body: res.rawPayload, headers: res.headers };
  };
  const rows = (ownerKind: string, ownerId: number) =>
    s()
      .database.db.select()
      .from(fileUpload)
      .where(and(eq(fileUpload.owner_kind, ownerKind), eq(fileUpload.owner_id, ownerId)));
  const idOf = async (token: string, list: string, code: string) =>
    ((await s().call('GET', list, token)).body as { id: number; code: string }[]).find(
      (c) => c.code === code,
    )!.id;
  return { send, download, rows, idOf };
}

/** The UTF-8 name a client reads from Content-Disposition. */
const nameFrom = (header: unknown) =>
  decodeURIComponent(String(header).match(/filename\*=UTF-8''([^;]+)/)![1]!);

describe.each(backends)('files of companies and projects (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let root: string;
  let hp: number;
  let dn: number;
  const { send, download, rows, idOf } = harness(() => s);
  const company = '/api/admin/company';

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-files-test-'));
    const files: FilesConfig = { store: { kind: 'local', root }, maxFileBytes: MAX, maxFiles: 5 };
    s = await createTestServer(backend, { demo: true, files });
    admin = await s.login();
    hp = await idOf(admin, `${company}/list/all`, 'HP');
    dn = await idOf(admin, `${company}/list/all`, 'DN');
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('uploads several files at once and downloads them byte for byte under their Vietnamese names', async () => {
    const a = { name: 'Hợp đồng thi công – Tòa nhà A1.pdf', data: pdf() };
    // macOS sends names decomposed (NFD); they are kept composed, as typed
    const b = { name: 'Bảng khối lượng quyết toán đợt 1.xlsx'.normalize('NFD'), data: xlsx() };
    const res = await send(`${company}/file/upload`, admin, { id: String(hp), document_type: 'hop-dong' }, [
      a,
      b,
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      owner_kind: 'company',
      owner_id: hp,
      document_type: 'hop-dong',
      file_name: a.name,
      content_type: 'application/pdf',
      size: a.data.length,
      sha256: sha256(a.data),
      status: 'O',
      created_by: 'admin',
    });
    expect(res.body[0]).not.toHaveProperty('storage_key');
    expect(res.body[1].file_name).toBe('Bảng khối lượng quyết toán đợt 1.xlsx');

    for (const [i, part] of [a, b].entries()) {
      const got = await download(`${company}/file/download/${res.body[i].id}`, admin);
      expect(got.status).toBe(200);
      expect(Buffer.compare(got.body, part.data)).toBe(0);
      expect(nameFrom(got.headers['content-disposition'])).toBe(part.name.normalize('NFC'));
      expect(String(got.headers['content-disposition'])).toMatch(/^attachment; filename="[\x20-\x7e]+"; /);
    }
    const pdfHead = await download(`${company}/file/download/${res.body[0].id}`, admin);
    expect(pdfHead.headers['content-type']).toBe('application/pdf');
    expect(pdfHead.headers['content-disposition']).toContain('filename="Hop dong thi cong _ Toa nha A1.pdf"');

    const list = await s.call('GET', `${company}/file/list/${hp}`, admin);
    expect(list.body.map((f: { file_name: string }) => f.file_name)).toEqual([
      a.name,
      b.name.normalize('NFC'),
    ]);
    expect(filesUnder(root)).toHaveLength(2);
  });

  it('refuses a file over the size limit and stores nothing, not even the good file sent with it', async () => {
    const before = { rows: (await rows('company', dn)).length, files: filesUnder(root).length };
    const res = await send(`${company}/file/upload`, admin, { id: String(dn) }, [
      { name: 'ok.pdf', data: pdf() },
      { name: 'quá-lớn.pdf', data: bytes('%PDF-1.7\n', MAX + 1) },
    ]);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 413, errors: [{ field: 'file', message: 'too_large' }] });
    expect(await rows('company', dn)).toHaveLength(before.rows);
    expect(filesUnder(root)).toHaveLength(before.files);
    // exactly at the limit is accepted
    const edge = await send(`${company}/file/upload`, admin, { id: String(dn) }, [
      { name: 'vừa đủ.pdf', data: bytes('%PDF-1.7\n', MAX) },
    ]);
    expect(edge.status).toBe(200);
  });

  it('refuses more files than one request may carry, storing none of them', async () => {
    const before = { rows: (await rows('company', hp)).length, files: filesUnder(root).length };
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `tệp ${i}.pdf`, data: pdf() }));
    const res = await send(`${company}/file/upload`, admin, { id: String(hp) }, six);
    expect(res.status).toBe(413);
    expect(res.body.errors).toEqual([{ field: 'file', message: 'too_many' }]);
    expect(await rows('company', hp)).toHaveLength(before.rows);
    expect(filesUnder(root)).toHaveLength(before.files);
  });

  it('refuses a program renamed to .pdf, and a type not on the list, with a field error on file', async () => {
    const before = { rows: (await rows('company', hp)).length, files: filesUnder(root).length };
    const renamed = await send(`${company}/file/upload`, admin, { id: String(hp) }, [
      { name: 'hoa-don.pdf', data: exe() },
    ]);
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toEqual([{ field: 'file', message: 'file_content' }]);
    expect(renamed.body.message).toBe('hoa-don.pdf: the content is not a PDF file');
    expect(renamed.body.params).toEqual({ file: 'hoa-don.pdf', extensions: 'pdf' });
    const program = await send(`${company}/file/upload`, admin, { id: String(hp) }, [
      { name: 'setup.exe', data: exe() },
    ]);
    expect(program.status).toBe(400);
    // the answer names the types taken, in words (issue 30, 14)
    expect(program.body.errors).toEqual([{ field: 'file', message: 'file_type' }]);
    expect(program.body.message).toBe(
      'setup.exe: Only PDF, Word (DOC, DOCX, ODT), Excel (XLS, XLSX, ODS), PowerPoint (PPT, PPTX), image (JPG, JPEG, PNG, GIF, WEBP) files are accepted',
    );
    expect(program.body.reason).toBe('file_type');
    expect(program.body.params.extensions.split(',')).toContain('docx');
    const noOwner = await send(`${company}/file/upload`, admin, {}, [{ name: 'a.pdf', data: pdf() }]);
    expect(noOwner.status).toBe(400);
    expect(noOwner.body.errors).toEqual([{ field: 'id', message: 'required' }]);
    expect(await rows('company', hp)).toHaveLength(before.rows);
    expect(filesUnder(root)).toHaveLength(before.files);
  });

  it('a file of a company outside the user scope is not found', async () => {
    const up = await send(`${company}/file/upload`, admin, { id: String(dn) }, [
      { name: 'Đông Nam.pdf', data: pdf() },
    ]);
    const fileId = up.body[0].id;
    const ketoan = await s.login('ketoan', 'ketoan123'); // sees HP only
    const ketoan2 = await s.login('ketoan2', 'ketoan123'); // sees DN
    expect((await download(`${company}/file/download/${fileId}`, ketoan)).status).toBe(404);
    expect((await s.call('GET', `${company}/file/list/${dn}`, ketoan)).status).toBe(404);
    expect((await download(`${company}/file/download/${fileId}`, ketoan2)).status).toBe(200);
    expect((await s.call('GET', `${company}/file/list/${dn}`, ketoan2)).body.length).toBeGreaterThan(0);
    // reading rights only: accountants may not add or remove company files
    expect(
      (await send(`${company}/file/upload`, ketoan, { id: String(hp) }, [{ name: 'a.pdf', data: pdf() }]))
        .status,
    ).toBe(403);
    expect((await s.call('DELETE', `${company}/file/delete/${fileId}`, ketoan2)).status).toBe(403);
    // admin uploading to a company that does not exist
    expect(
      (await send(`${company}/file/upload`, admin, { id: '999999' }, [{ name: 'a.pdf', data: pdf() }]))
        .status,
    ).toBe(404);
  });

  it('a deleted file is gone: download 404, object removed, row kept with status D; history tells both', async () => {
    const up = await send(`${company}/file/upload`, admin, { id: String(hp) }, [
      { name: 'Biên bản nghiệm thu.pdf', data: pdf() },
    ]);
    const file = up.body[0];
    const onDisk = filesUnder(root).length;
    const del = await s.call('DELETE', `${company}/file/delete/${file.id}`, admin);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: file.id, status: 'D' });
    expect((await download(`${company}/file/download/${file.id}`, admin)).status).toBe(404);
    expect((await s.call('DELETE', `${company}/file/delete/${file.id}`, admin)).status).toBe(404);
    expect(filesUnder(root)).toHaveLength(onDisk - 1);
    const [row] = await s.database.db.select().from(fileUpload).where(eq(fileUpload.id, file.id));
    expect(row?.status).toBe('D');
    const list = await s.call('GET', `${company}/file/list/${hp}`, admin);
    expect(list.body.map((f: { id: number }) => f.id)).not.toContain(file.id);

    const history = await s.call('GET', `${company}/history/${hp}`, admin);
    const entries = history.body.filter((h: { action: string }) => h.action.startsWith('file-'));
    expect(entries[0]).toMatchObject({
      action: 'file-remove',
      user_name: 'admin',
      changes: { file: { old: 'Biên bản nghiệm thu.pdf', new: null } },
    });
    expect(entries[1]).toMatchObject({
      action: 'file-add',
      changes: { file: { old: null, new: 'Biên bản nghiệm thu.pdf' } },
    });
  });

  it('projects have their own files; delete may name the document type it expects', async () => {
    const project = await idOf(admin, '/api/admin/project/list/all', 'DA-HP01');
    const up = await send(
      '/api/admin/project/file/upload',
      admin,
      { id: String(project), document_type: 'ban-ve' },
      [{ name: 'Bản vẽ thiết kế.pdf', data: pdf() }],
    );
    expect(up.status).toBe(200);
    const id = up.body[0].id;
    expect((await download(`/api/admin/project/file/download/${id}`, admin)).status).toBe(200);
    // a project file is not a company file
    expect((await download(`${company}/file/download/${id}`, admin)).status).toBe(404);
    const list = await s.call('GET', `/api/admin/project/file/list/${project}?document_type=ban-ve`, admin);
    expect(list.body.map((f: { id: number }) => f.id)).toEqual([id]);
    expect(
      (await s.call('DELETE', `/api/admin/project/file/delete/${id}?document_type=khac`, admin)).status,
    ).toBe(404);
    expect(
      (await s.call('DELETE', `/api/admin/project/file/delete/${id}?document_type=ban-ve`, admin)).status,
    ).toBe(200);
    const other = await idOf(admin, '/api/admin/project/list/all', 'DA-DN01');
    const ketoan = await s.login('ketoan', 'ketoan123');
    expect((await s.call('GET', `/api/admin/project/file/list/${other}`, ketoan)).status).toBe(404);
    expect((await s.call('GET', `/api/admin/project/file/list/${project}`, ketoan)).status).toBe(200);
  });

  it('company templates: an uploaded .docx or a location in the store, and which types are usable', async () => {
    const url = `${company}/templates/${hp}`;
    const up = await send(url, admin, { documentType: 'payment' }, [
      { name: 'Mẫu đề nghị thanh toán.docx', data: docx() },
    ]);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ document_type: 'payment', source: 'file', usable: true });
    const notWord = await send(url, admin, { documentType: 'payment' }, [{ name: 'mau.pdf', data: pdf() }]);
    expect(notWord.status).toBe(400);
    expect(notWord.body.message).toBe('mau.pdf: Only Word (DOCX) files are accepted');

    fs.mkdirSync(path.join(root, 'drive', 'Mẫu', 'HP'), { recursive: true });
    fs.writeFileSync(path.join(root, 'drive', 'Mẫu', 'HP', 'contract.docx'), docx());
    const located = await s.call('POST', url, admin, {
      companyId: hp,
      drivePath: 'Mẫu/HP',
      documentType: 'contract',
    });
    expect(located.status).toBe(200);
    expect(located.body).toMatchObject({ source: 'drive', drive_path: 'Mẫu/HP', usable: true });
    const empty = await s.call('POST', url, admin, { drivePath: 'Mẫu/HP', documentType: 'annex' });
    expect(empty.body).toMatchObject({ usable: false, reason: 'no_template' });
    const outside = await s.call('POST', url, admin, { drivePath: '../../etc', documentType: 'annex' });
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual([{ field: 'drivePath', message: 'invalid_path' }]);

    const permission = await s.call('GET', `${url}/permission`, admin);
    expect(permission.status).toBe(200);
    expect(permission.body.documentTypes).toEqual(['contract', 'payment']);

    // replacing the uploaded template by a location removes the old file
    const before = filesUnder(path.join(root, 'uploads')).length;
    await s.call('POST', url, admin, { drivePath: 'Mẫu/HP/contract.docx', documentType: 'payment' });
    expect(filesUnder(path.join(root, 'uploads'))).toHaveLength(before - 1);
    const ketoan2 = await s.login('ketoan2', 'ketoan123');
    expect((await s.call('GET', `${url}/permission`, ketoan2)).status).toBe(404);
  });

  it('checkAccess says whether a location is readable, and never looks outside the store', async () => {
    const check = (drivePath: string) => s.call('POST', `${company}/drive/checkAccess`, admin, { drivePath });
    fs.mkdirSync(path.join(root, 'drive', 'chung'), { recursive: true });
    expect((await check('chung')).body).toEqual({ accessible: true, kind: 'folder' });
    expect((await check('không-có')).body).toEqual({ accessible: false, reason: 'not_found' });
    for (const bad of ['../uploads', '/etc', '..', 'a/../../b', 'C:\\Windows', '']) {
      expect((await check(bad)).body).toEqual({ accessible: false, reason: 'invalid_path' });
    }
    // a link inside the store that leads outside it is not followed
    fs.symlinkSync('/etc', path.join(root, 'drive', 'lối-tắt'));
    expect((await check('lối-tắt')).body).toEqual({ accessible: false, reason: 'not_found' });
  });
});

/** The same contract for both stores: what put/get/delete/stat promise. */
async function storeContract(store: FileStore, listKeys: () => Promise<string[]>) {
  const data = crypto.randomBytes(10_000);
  await store.put('uploads/t/một', Readable.from([data]));
  const back = Buffer.concat(await (await store.get('uploads/t/một')).toArray());
  expect(Buffer.compare(back, data)).toBe(0);
  expect(await store.stat('uploads/t/một')).toBe('file');
  expect(await store.stat('uploads/t')).toBe('folder');
  expect(await store.stat('uploads/none')).toBeNull();
  // a stream that fails part-way leaves nothing
  const failing = new Readable({
    read() {
      this.push(crypto.randomBytes(1000));
      this.destroy(new Error('client went away'));
    },
  });
  await expect(store.put('uploads/t/hai', failing)).rejects.toThrow();
  expect(await listKeys()).toEqual(['uploads/t/một']);
  await store.delete('uploads/t/một');
  await store.delete('uploads/t/một'); // twice is fine
  await expect(store.get('uploads/t/một')).rejects.toBeInstanceOf(FileNotFoundError);
  for (const bad of ['../x', '/etc/passwd', 'a//b', 'a/./b', '.hidden', 'a\\b'])
    await expect(store.put(bad, Readable.from(['x']))).rejects.toThrow(/unsafe|outside/);
}

describe('file stores', () => {
  it('are configured from the environment: DATA_DIR/files and 20 MB unless told otherwise', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-config-'));
    try {
      const env = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };
      expect(loadConfig(env).files).toEqual({
        store: { kind: 'local', root: path.join(dataDir, 'files') },
        maxFileBytes: 20 * 1024 * 1024,
        maxFiles: 10,
        maxFilesPerRecord: 50,
        maxRecordBytes: 200 * 1024 * 1024,
      });
      expect(loadConfig({ ...env, FILE_MAX_PER_RECORD: '7', FILE_MAX_RECORD_MB: '30' }).files).toMatchObject({
        maxFilesPerRecord: 7,
        maxRecordBytes: 30 * 1024 * 1024,
      });
      expect(() => loadConfig({ ...env, FILE_MAX_PER_RECORD: '0' })).toThrow(/FILE_MAX_PER_RECORD/);
      expect(() => loadConfig({ ...env, FILE_MAX_RECORD_MB: '5' })).toThrow(/FILE_MAX_RECORD_MB/);
      const s3 = loadConfig({
        ...env,
        FILE_STORE: 's3',
        S3_BUCKET: 'b-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
      });
      expect(s3.files.store).toMatchObject({ kind: 's3', bucket: 'b-1', region: 'us-east-1' });
      expect(loadConfig({ ...env, FILE_MAX_SIZE_MB: '5' }).files.maxFileBytes).toBe(5 * 1024 * 1024);
      expect(() => loadConfig({ ...env, FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
      expect(() => loadConfig({ ...env, FILE_STORE: 'ftp' })).toThrow(/FILE_STORE/);
      expect(() => loadConfig({ ...env, FILE_MAX_SIZE_MB: 'lots' })).toThrow(/FILE_MAX_SIZE_MB/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('local folder', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-store-'));
    try {
      await storeContract(createFileStore({ kind: 'local', root }), async () =>
        filesUnder(root).map((f) => f.split(path.sep).join('/')),
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  describe('S3 against s3rver on 127.0.0.1', () => {
    const bucket = 'sitepay-test';
    let server: S3rver;
    let dir: string;
    let files: FilesConfig;
    let client: S3Client;
    const keys = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? [])
        .map((o) => o.Key!)
        .sort();

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-s3rver-'));
      server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
      const { port } = await server.run();
      const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
      const endpoint = `http://127.0.0.1:${port}`;
      files = {
        store: { kind: 's3', bucket, region: 'us-east-1', endpoint, ...creds },
        maxFileBytes: MAX,
        maxFiles: 5,
      };
      client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: creds });
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    });
    afterAll(async () => {
      client?.destroy();
      await server?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('keeps the store contract', async () => {
      await storeContract(createFileStore(files.store), keys);
    });

    it('serves uploads through the API, and a refused upload leaves no object', async () => {
      const s = await createTestServer('pglite', { demo: true, files });
      try {
        const admin = await s.login();
        const { send, download, idOf } = harness(() => s);
        const hp = await idOf(admin, '/api/admin/company/list/all', 'HP');
        const data = xlsx();
        const up = await send('/api/admin/company/file/upload', admin, { id: String(hp) }, [
          { name: 'Dự toán.xlsx', data },
        ]);
        expect(up.status).toBe(200);
        const got = await download(`/api/admin/company/file/download/${up.body[0].id}`, admin);
        expect(Buffer.compare(got.body, data)).toBe(0);
        expect(nameFrom(got.headers['content-disposition'])).toBe('Dự toán.xlsx');
        const stored = await keys();
        expect(stored).toHaveLength(1);

        const big = await send('/api/admin/company/file/upload', admin, { id: String(hp) }, [
          { name: 'lớn.pdf', data: bytes('%PDF-1.7\n', MAX + 1) },
        ]);
        expect(big.status).toBe(413);
        expect(await keys()).toEqual(stored);

        await s.call('DELETE', `/api/admin/company/file/delete/${up.body[0].id}`, admin);
        expect(await keys()).toEqual([]);
      } finally {
        await s.close();
      }
    });
  });
});
