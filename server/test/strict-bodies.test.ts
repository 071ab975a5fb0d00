/**
 * Strict bodies and plain ids (issue 26, deliverables 6 and 7), on both backends: a body's unknown
 * field answers 400 naming it and writes nothing (it used to vanish: SPEC's `roleDefault` left the
 * application without a role, `parentId` made a top-level menu, a misspelt `adress` saved nothing
 * with a 200); SPEC's spellings are accepted as aliases of the API's names; ids and counts in
 * paths and queries are plain decimal digits; `findById?id=` answers as `findById/{id}`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { type Factories, factories } from './factories.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
type Rec = Record<string, any>;

describe.each(backends)('strict bodies and plain ids (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let f: Factories;
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
    const res = await s.call(method, url, admin, body);
    expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as Rec;
  };
  const first = async (url: string, pick: (r: Rec) => boolean = () => true) =>
    ((await ok('GET', url)) as unknown as Rec[]).find(pick)!;
  /** Everything a write leaves behind: history lines and the sum of versions of the tables touched. */
  const writes = async () =>
    (
      await queryRows<{ n: string }>(
        s.database.db,
        sql`select ((select count(*) from record_history)
          + (select count(*) from application) + (select count(*) from menu)
          + (select coalesce(sum(version), 0) from constructor))::text as n`,
      )
    )[0]!.n;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    admin = await s.login();
    f = factories(s, { admin, accountant: admin });
  });
  afterAll(() => s?.close());

  describe('the cases found (issue 26, "Found" 6)', () => {
    it("an application created with SPEC's roleDefault, clientId and projectId keeps all three", async () => {
      const role = await first('/api/admin/role/list/all', (r) => r.code === 'ROLE_ACCOUNTANT');
      const project = await first('/api/admin/project/list/all');
      const created = await ok('POST', '/api/admin/application/create', {
        code: 'SPEC-APP',
        name: 'Ứng dụng theo SPEC',
        roleDefault: role.id,
        clientId: 'erp-client-1',
        projectId: project.id,
        environment: 'production',
      });
      expect(created).toMatchObject({
        role_default_id: role.id,
        role_default_name: role.name,
        client_id: 'erp-client-1',
        project_id: project.id,
      });
      const stored = await ok('GET', `/api/admin/application/get/${created.id}`);
      expect(stored).toMatchObject({
        role_default_id: role.id,
        client_id: 'erp-client-1',
        project_id: project.id,
      });
    });

    it('a menu created with parentId is created under that parent', async () => {
      const parent = await ok('POST', '/api/admin/menu/create', {
        name: 'spec-parent',
        path: '/spec',
        title: 'Cha',
        title_en: 'Parent',
      });
      const child = await ok('POST', '/api/admin/menu/create', {
        name: 'spec-child',
        path: '/spec/child',
        title: 'Con',
        title_en: 'Child',
        parentId: parent.id,
      });
      expect(child.parent_id).toBe(parent.id);
      expect((await ok('GET', `/api/admin/menu/get/${child.id}`)).parent_id).toBe(parent.id);
    });

    it('a contractor update with a misspelt field answers 400 naming it, and writes nothing', async () => {
      const c = await f.contractor({ code: 'NT-ADRESS', name: 'Nhà thầu Địa Chỉ' });
      const before = await writes();
      const res = await s.call('PUT', `/api/constructor/update/${c.id}`, admin, {
        code: c.code,
        name: c.name,
        adress: '12 Lý Thường Kiệt',
        version: c.version,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'adress', message: 'unknown_field' }]);
      expect(await writes()).toBe(before);
      expect(await ok('GET', `/api/constructor/get/${c.id}`)).toMatchObject({
        version: c.version,
        address: null,
      });
    });
  });

  it('every unknown field is listed, nested ones by their path, and nothing is written', async () => {
    const before = await writes();
    const top = await s.call('POST', '/api/constructor/create', admin, {
      code: 'NT-X',
      name: 'X',
      adress: 'a',
      fax: '1',
    });
    expect(top.status).toBe(400);
    expect(top.body.errors).toEqual([
      { field: 'adress', message: 'unknown_field' },
      { field: 'fax', message: 'unknown_field' },
    ]);
    const nested = await s.call('POST', '/api/payment-approval/accept-many', admin, {
      items: [
        { id: 1, version: 0 },
        { id: 2, version: 0, foo: 1 },
      ],
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toEqual([{ field: 'items.1.foo', message: 'unknown_field' }]);
    // with other errors: each field named once
    const mixed = await s.call('POST', '/api/constructor/create', admin, { name: 'X', colour: 'red' });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'code', message: 'required' },
        { field: 'colour', message: 'unknown_field' },
      ]),
    );
    // a version body too
    const c = await first('/api/constructor/list');
    const status = await s.call('PATCH', `/api/constructor/deactivate/${c.id}`, admin, {
      version: c.version,
      reason: 'x',
    });
    expect(status.status).toBe(400);
    expect(status.body.errors).toEqual([{ field: 'reason', message: 'unknown_field' }]);
    expect(await writes()).toBe(before);
  });

  describe("SPEC's spellings", () => {
    it('menu: parentId, redirect and endpoints are stored as parent_id, redirect_url and endpoint_ids', async () => {
      const parent = await first('/api/admin/menu/list/parent');
      const endpoint = await first('/api/admin/endpoint/list/all');
      const menu = await ok('POST', '/api/admin/menu/create', {
        name: 'spec-alias',
        path: '/spec-alias',
        title: 'Bí danh',
        title_en: 'Alias',
        parentId: parent.id,
        redirect: '/spec-alias/home',
        endpoints: [endpoint.id],
      });
      expect(menu).toMatchObject({
        parent_id: parent.id,
        redirect_url: '/spec-alias/home',
        endpoint_ids: [endpoint.id],
      });
      const updated = await ok('PUT', `/api/admin/menu/update/${menu.id}`, {
        name: 'spec-alias',
        path: '/spec-alias',
        title: 'Bí danh',
        title_en: 'Alias',
        redirect: '/spec-alias/other',
        version: menu.version,
      });
      expect(updated.redirect_url).toBe('/spec-alias/other');
    });

    it('role: company, project and construction are stored as their ids', async () => {
      const company = await first('/api/admin/company/list/all');
      const project = await first('/api/admin/project/list/all');
      const construction = (await ok('GET', '/api/construction/paging')).items[0];
      const role = await ok('POST', '/api/admin/role/create', {
        name: 'Phạm vi SPEC',
        code: 'ROLE_SPEC_SCOPE',
        company: company.id,
        project: project.id,
        construction: construction.id,
      });
      expect(role).toMatchObject({
        company_id: company.id,
        project_id: project.id,
        construction_id: construction.id,
      });
    });

    it('department: director is stored as director_id', async () => {
      const user = await first('/api/admin/user/list/all', (u) => u.user_name === 'giamdoc');
      const dep = await ok('POST', '/api/admin/department/create', {
        code: 'PB-SPEC',
        name: 'Phòng SPEC',
        director: user.id,
      });
      expect(dep.director_id).toBe(user.id);
    });

    it('payment request: department and director are stored as department_id and director_id', async () => {
      const contract = await f.contract({ contract_no: 'HĐ-SPEC-1' });
      const department = await first('/api/admin/department/list/all');
      const director = await first('/api/admin/user/list/all', (u) => u.user_name === 'giamdoc');
      const payment = await f.request(contract, {
        amount: '1000000',
        note: 'Theo SPEC',
        isPriority: true,
        department: department.id,
        director: director.id,
      });
      expect(payment).toMatchObject({
        department_id: department.id,
        director_id: director.id,
        isPriority: true,
      });
    });

    it('both spellings with one value are one field; with two values a 400, and nothing is written', async () => {
      const [r1, r2] = ((await ok('GET', '/api/admin/role/list/all')) as unknown as Rec[]).slice(0, 2);
      const same = await ok('POST', '/api/admin/application/create', {
        code: 'SPEC-SAME',
        name: 'Cùng giá trị',
        roleDefault: r1!.id,
        role_default_id: r1!.id,
        environment: 'staging',
      });
      expect(same.role_default_id).toBe(r1!.id);
      const before = await writes();
      const conflict = await s.call('POST', '/api/admin/application/create', admin, {
        code: 'SPEC-CONFLICT',
        name: 'Hai giá trị',
        roleDefault: r1!.id,
        role_default_id: r2!.id,
        clientId: 'a',
        client_id: 'b',
        environment: 'staging',
      });
      expect(conflict.status).toBe(400);
      expect(conflict.body.errors).toEqual([
        { field: 'roleDefault', message: 'alias_conflict' },
        { field: 'clientId', message: 'alias_conflict' },
      ]);
      expect(await writes()).toBe(before);
    });

    it("create and key rotation answer the keys under SPEC's secretKey and apiKey too", async () => {
      const created = await ok('POST', '/api/admin/application/create', {
        code: 'SPEC-KEYS',
        name: 'Khoá',
        environment: 'development',
      });
      expect(created.secretKey).toBe(created.secret_key);
      expect(created.apiKey).toBe(created.api_key);
      expect(created.secretKey).toMatch(/^sps_/);
      const rotated = await ok('POST', `/api/admin/application/rotate/${created.id}`, {
        version: created.version,
      });
      expect(rotated.secretKey).toBe(rotated.secret_key);
      expect(rotated.apiKey).toBe(rotated.api_key);
      expect(rotated.apiKey).not.toBe(created.apiKey);
      // an answer that is not a create or a rotation never has them
      const read = await ok('GET', `/api/admin/application/get/${created.id}`);
      expect(Object.keys(read)).not.toEqual(expect.arrayContaining(['secretKey']));
      expect(Object.keys(read)).not.toEqual(expect.arrayContaining(['apiKey']));
      // the keys are the server's to make: a body that brings one is refused
      const brought = await s.call('POST', '/api/admin/application/create', admin, {
        code: 'SPEC-KEYS-2',
        name: 'Khoá',
        environment: 'development',
        secretKey: 'mine',
      });
      expect(brought.status).toBe(400);
      expect(brought.body.errors).toEqual([{ field: 'secretKey', message: 'unknown_field' }]);
    });

    it('the OpenAPI document shows both spellings and that other fields are refused', async () => {
      const doc = (await s.call('GET', '/api/openapi.json')).body;
      const body =
        doc.paths['/api/admin/application/create'].post.requestBody.content['application/json'].schema;
      expect(body.additionalProperties).toBe(false);
      expect(Object.keys(body.properties)).toEqual(
        expect.arrayContaining([
          'role_default_id',
          'roleDefault',
          'client_id',
          'clientId',
          'project_id',
          'projectId',
        ]),
      );
      expect(body.properties.roleDefault.description).toMatch(/SPEC.*role_default_id/);
      expect(body.required ?? []).not.toContain('roleDefault');
      const menu = doc.paths['/api/admin/menu/create'].post.requestBody.content['application/json'].schema;
      expect(menu.properties.redirect.description).toMatch(/redirect_url/);
      // a body with SPEC's spellings is still known to take a version (409 documented)
      expect(doc.paths['/api/admin/menu/update/{id}'].put.responses['409']).toBeDefined();
      const keys =
        doc.paths['/api/admin/application/create'].post.responses['200'].content['application/json'].schema
          .properties;
      expect(Object.keys(keys)).toEqual(
        expect.arrayContaining(['secret_key', 'secretKey', 'api_key', 'apiKey']),
      );
      const many =
        doc.paths['/api/payment-approval/accept-many'].post.requestBody.content['application/json'].schema;
      expect(many.properties.items.items.additionalProperties).toBe(false);
    });
  });

  describe('ids and counts in paths and queries are plain decimal digits', () => {
    const bad = ['0x10', '1e1', '%2016', '16.0', '%2B16', '-1', '1.', '%EF%BC%91%EF%BC%96'];

    it('a path id other than digits answers 400 naming it; digits are read', async () => {
      const contract = (await ok('GET', '/api/contract/paging')).items[0];
      expect((await s.call('GET', `/api/contract/get/${contract.id}`, admin)).status).toBe(200);
      for (const id of bad) {
        const res = await s.call('GET', `/api/contract/get/${id}`, admin);
        expect(res.status, id).toBe(400);
        expect(res.body.errors, id).toEqual([{ field: 'id', message: expect.any(String) }]);
      }
      // 0x10 used to read contract 16
      expect((await s.call('GET', '/api/contract/get/16', admin)).status).not.toBe(400);
      for (const path of ['/api/payment-transaction/get-requirement-no/', '/api/contract-annex/list/']) {
        expect((await s.call('GET', `${path}0x10`, admin)).status, path).toBe(400);
      }
    });

    it('a query id, the construction selector and the paging numbers: digits (and -1 for all) only', async () => {
      expect((await s.call('GET', '/api/contract/paging?constructionId=-1', admin)).status).toBe(200);
      expect(
        (await s.call('GET', '/api/contract/paging?constructionId=1&page=1&itemsPerPage=5', admin)).status,
      ).toBe(200);
      for (const [name, value] of [
        ['constructionId', '0x10'],
        ['constructionId', '-2'],
        ['constructionId', '%2B1'],
        ['constructionId', '1e1'],
        ['companyId', '0x10'],
        ['companyId', '-1'],
        ['constructorId', '16.0'],
        ['page', '1e1'],
        ['page', '%201'],
        ['itemsPerPage', '0x10'],
        ['itemsPerPage', '10.0'],
      ] as const) {
        const res = await s.call('GET', `/api/contract/paging?${name}=${value}`, admin);
        expect(res.status, `${name}=${value}`).toBe(400);
        expect(res.body.errors, `${name}=${value}`).toEqual([{ field: name, message: expect.any(String) }]);
      }
      for (const url of [
        '/api/payment-transaction/paging?contractId=0x10',
        '/api/payment-transaction/get-requirement-no?contractId=1e1',
        '/api/payment-transaction/get-list-contract-and-constructor-by-construction?constructionId=0x1',
        '/api/report/payment?constructionId=1e1',
        '/api/report/contract/highest?limit=0x5',
        '/api/admin/setting/tax?id=0x1',
        '/api/admin/privilege/list/not?roleIds=1,%202',
      ]) {
        expect((await s.call('GET', url, admin)).status, url).toBe(400);
      }
      expect((await s.call('GET', '/api/report/payment?constructionId=-1', admin)).status).toBe(200);
    });

    it('a version or an id in a body: a JSON integer or digits, nothing else', async () => {
      const c = await f.contractor({ code: 'NT-VER', name: 'Phiên bản' });
      for (const version of ['0x0', ' 0', '0.0', '+0', true, null]) {
        const res = await s.call('PATCH', `/api/constructor/deactivate/${c.id}`, admin, { version });
        expect(res.status, JSON.stringify(version)).toBe(400);
        expect(res.body.errors).toEqual([{ field: 'version', message: expect.any(String) }]);
      }
      expect((await ok('PATCH', `/api/constructor/deactivate/${c.id}`, { version: '0' })).status).toBe('C');
      const bad = await s.call('PUT', `/api/constructor/update/${c.id}`, admin, {
        code: 'NT-VER',
        name: 'Phiên bản',
        constructor_type_id: '0x1',
        version: 1,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'constructor_type_id', message: expect.any(String) }]);
    });
  });

  describe("SPEC's GET /api/admin/endpoint-type/findById?id=", () => {
    it('answers as findById/{id}: the type, 404 for an unknown id, 400 for a bad one', async () => {
      const byPath = await ok('GET', '/api/admin/endpoint-type/findById/2');
      expect(await ok('GET', '/api/admin/endpoint-type/findById?id=2')).toEqual(byPath);
      expect(byPath).toMatchObject({ id: 2, code: 'file' });
      for (const url of ['/api/admin/endpoint-type/findById?id=99', '/api/admin/endpoint-type/findById/99'])
        expect((await s.call('GET', url, admin)).status, url).toBe(404);
      for (const url of [
        '/api/admin/endpoint-type/findById?id=0x2',
        '/api/admin/endpoint-type/findById?id=',
        '/api/admin/endpoint-type/findById',
        '/api/admin/endpoint-type/findById/0x2',
      ]) {
        const res = await s.call('GET', url, admin);
        expect(res.status, url).toBe(400);
        expect(res.body.errors, url).toEqual([{ field: 'id', message: expect.any(String) }]);
      }
      const accountant = await s.login('ketoan', 'ketoan123');
      expect((await s.call('GET', '/api/admin/endpoint-type/findById?id=2', accountant)).status).toBe(403);
    });
  });
});
