/**
 * Bench data generator: writes realistic Vietnamese data straight into a SitePay database
 * (PostgreSQL through `pg`, or PGlite), deterministic for a given seed, in multi-row batches
 * (`INSERT … SELECT * FROM unnest($1::t[], $2::t[], …)`, one array parameter per column), with the
 * table's secondary indexes dropped during the load and rebuilt after it.
 *
 * Every table is one `TableGenerator`: its columns, how many rows a scale asks for, and a function
 * that makes row i. Tables that do not exist yet in the schema are skipped with a note, so the plan
 * already names the full-scale targets of DESIGN.md §7 (500 constructions, 50,000 contracts,
 * 1,000,000 payment requests). Adding contracts or payment requests when their tables land is
 * one `TableGenerator` appended to `plan()` (see the `paymentRequests` sketch at the end).
 *
 * Run alone: `npx tsx bench/generate.ts postgres://postgres@127.0.0.1:5432/db [--rows 100000]`
 * on an already migrated database (bench/run.ts calls `generate()` itself).
 */
import { hash } from '@node-rs/argon2';
import { foldSearchText } from '@sitepay/domain/search-text';
import { companyKind } from '../server/src/modules/company/company.resource.ts';

/** What the generator needs from a database: PGlite and pg.Pool/pg.Client both fit. */
export type Sink = {
  // biome-ignore lint/suspicious/noExplicitAny: rows of any query
  query(text: string, params?: unknown[]): Promise<{ rows: any[] }>;
};

export type Scale = {
  companies: number;
  departments: number;
  users: number;
  projects: number;
  constructions: number;
  contracts: number;
  paymentRequests: number;
};

/** DESIGN.md §7's data set. Companies: live (not deleted) rows; 1 % more are generated as deleted. */
export const fullScale: Scale = {
  companies: 100_000,
  departments: 12,
  users: 200,
  projects: 100,
  constructions: 500,
  contracts: 50_000,
  paymentRequests: 1_000_000,
};

// ---------------------------------------------------------------- deterministic randomness

/** mulberry32: small, fast, and the same sequence on every machine for a seed. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Rng = ReturnType<typeof rng>;

// ---------------------------------------------------------------- Vietnamese vocabulary

const companyForms = [
  'Công ty TNHH',
  'Công ty TNHH MTV',
  'Công ty Cổ phần',
  'Công ty Cổ phần',
  'Công ty TNHH',
  'Tổng Công ty',
  'Doanh nghiệp Tư nhân',
  'Hợp tác xã',
] as const;
const sectors = [
  'Xây dựng',
  'Đầu tư và Xây dựng',
  'Thương mại và Dịch vụ',
  'Vật liệu Xây dựng',
  'Cơ điện',
  'Tư vấn Thiết kế',
  'Kỹ thuật Nền móng',
  'Thép',
  'Bê tông',
  'Vận tải',
  'Phát triển Hạ tầng',
  'Xây lắp Điện',
  'Cấp thoát nước',
  'Nội thất',
  'Môi trường',
  'Kết cấu Thép',
] as const;
const brandSyllables = [
  'Hòa',
  'Phát',
  'Minh',
  'Long',
  'An',
  'Thịnh',
  'Đông',
  'Nam',
  'Việt',
  'Hưng',
  'Thành',
  'Đạt',
  'Phú',
  'Quang',
  'Trường',
  'Sơn',
  'Hải',
  'Bình',
  'Tân',
  'Gia',
  'Khang',
  'Hoàng',
  'Kim',
  'Ngọc',
  'Thái',
  'Bảo',
  'Tiến',
  'Đức',
  'Lộc',
  'Vinh',
  'Phương',
  'Trí',
] as const;
const familyNames = [
  'Nguyễn',
  'Nguyễn',
  'Nguyễn',
  'Trần',
  'Trần',
  'Lê',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
] as const;
const middleNames = [
  'Văn',
  'Thị',
  'Đức',
  'Minh',
  'Quốc',
  'Thanh',
  'Hữu',
  'Ngọc',
  'Xuân',
  'Thu',
  'Công',
] as const;
const givenNames = [
  'An',
  'Bình',
  'Cường',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hùng',
  'Hương',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Nam',
  'Phương',
  'Quân',
  'Sơn',
  'Thảo',
  'Trang',
  'Tuấn',
  'Việt',
  'Yến',
  'Khoa',
  'Tâm',
] as const;
const streets = [
  'Trần Hưng Đạo',
  'Lê Lợi',
  'Nguyễn Huệ',
  'Hai Bà Trưng',
  'Lý Thường Kiệt',
  'Điện Biên Phủ',
  'Nguyễn Trãi',
  'Lê Duẩn',
  'Phạm Văn Đồng',
  'Võ Văn Kiệt',
  'Cách Mạng Tháng Tám',
  'Hoàng Quốc Việt',
  'Giải Phóng',
  'Nguyễn Văn Linh',
  'Quang Trung',
  'Bạch Đằng',
] as const;
/** Province, its districts, its tax-office prefix and its landline area code. */
const provinces = [
  {
    name: 'Hà Nội',
    tax: '01',
    area: '024',
    districts: ['Hoàn Kiếm', 'Ba Đình', 'Cầu Giấy', 'Đống Đa', 'Thanh Xuân', 'Long Biên', 'Hà Đông'],
  },
  {
    name: 'TP. Hồ Chí Minh',
    tax: '03',
    area: '028',
    districts: ['Quận 1', 'Quận 3', 'Quận 7', 'Bình Thạnh', 'Tân Bình', 'Gò Vấp', 'Thủ Đức'],
  },
  { name: 'Hải Phòng', tax: '02', area: '0225', districts: ['Hồng Bàng', 'Lê Chân', 'Ngô Quyền', 'Hải An'] },
  { name: 'Đà Nẵng', tax: '04', area: '0236', districts: ['Hải Châu', 'Thanh Khê', 'Sơn Trà', 'Liên Chiểu'] },
  { name: 'Bình Dương', tax: '37', area: '0274', districts: ['Thủ Dầu Một', 'Dĩ An', 'Thuận An', 'Bến Cát'] },
  { name: 'Đồng Nai', tax: '36', area: '0251', districts: ['Biên Hòa', 'Long Thành', 'Nhơn Trạch'] },
  { name: 'Quảng Ninh', tax: '57', area: '0203', districts: ['Hạ Long', 'Cẩm Phả', 'Uông Bí'] },
  { name: 'Cần Thơ', tax: '18', area: '0292', districts: ['Ninh Kiều', 'Cái Răng', 'Bình Thủy'] },
] as const;
const buildingKinds = [
  'Nhà ở xã hội',
  'Chung cư',
  'Trường Tiểu học',
  'Bệnh viện Đa khoa',
  'Nhà máy',
  'Kho bãi',
  'Cầu',
  'Đường giao thông',
  'Trung tâm Thương mại',
  'Khu đô thị',
  'Trạm bơm',
  'Văn phòng',
] as const;
const departments = [
  ['BGD', 'Ban Giám đốc'],
  ['PKT', 'Phòng Kế toán'],
  ['PTC', 'Phòng Tài chính'],
  ['PKTH', 'Phòng Kỹ thuật'],
  ['PVT', 'Phòng Vật tư'],
  ['PKH', 'Phòng Kế hoạch'],
  ['PHC', 'Phòng Hành chính'],
  ['PNS', 'Phòng Nhân sự'],
  ['PPC', 'Phòng Pháp chế'],
  ['BCH', 'Ban Chỉ huy Công trường'],
  ['PQA', 'Phòng Quản lý Chất lượng'],
  ['PAT', 'Phòng An toàn'],
] as const;

export const personName = (r: Rng) => `${r.pick(familyNames)} ${r.pick(middleNames)} ${r.pick(givenNames)}`;
const brand = (r: Rng) => `${r.pick(brandSyllables)} ${r.pick(brandSyllables)}`;
const slug = (text: string) => foldSearchText(text).replace(/[^a-z0-9]+/g, '');

/**
 * A Vietnamese enterprise tax code (MST): 2-digit tax-office prefix, 7 digits, and the check digit
 * (weights 31 29 23 19 17 13 7 5 3, check = 10 − sum mod 11; sums giving 10 are not issued).
 * Branches add "-001"….
 */
export function taxCode(r: Rng, prefix: string): string {
  const weights = [31, 29, 23, 19, 17, 13, 7, 5, 3];
  for (;;) {
    let digits = prefix;
    while (digits.length < 9) digits += String(r.int(0, 9));
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
    const check = 10 - (sum % 11);
    if (check === 10) continue;
    return digits + String(check % 10);
  }
}

const address = (r: Rng, p: (typeof provinces)[number]) =>
  `Số ${r.int(1, 350)} ${r.pick(streets)}, ${r.pick(p.districts)}, ${p.name}`;

const BASE_TIME = Date.UTC(2020, 0, 1);
const SPAN_MS = Date.UTC(2025, 5, 30) - BASE_TIME;
/** Creation and last-update instants inside 2020-01-01 … 2025-06-30 (fixed, not "now"). */
const stamps = (r: Rng): [string, string] => {
  const created = BASE_TIME + Math.floor(r.next() * SPAN_MS);
  const updated = r.chance(0.6) ? created : created + Math.floor(r.next() * (BASE_TIME + SPAN_MS - created));
  return [new Date(created).toISOString(), new Date(updated).toISOString()];
};

// ---------------------------------------------------------------- the generic loader

/** A column and the PostgreSQL array type its batch parameter is cast to. */
export type Column = readonly [name: string, type: string];

export type TableGenerator = {
  table: string;
  columns: readonly Column[];
  count(scale: Scale): number;
  /** Called once before the rows: read parent ids, precompute what rows share. */
  prepare?(sink: Sink): Promise<void>;
  /** Row i (0-based): values in `columns` order. */
  row(i: number, r: Rng): unknown[];
};

const recordColumns: readonly Column[] = [
  ['status', 'varchar'],
  ['version', 'int'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['created_by', 'varchar'],
  ['updated_by', 'varchar'],
  ['search_text', 'text'],
];

const tableExists = async (sink: Sink, table: string) =>
  Boolean((await sink.query('select to_regclass($1) is not null as ok', [table])).rows[0]?.ok);

/**
 * Drops the table's secondary indexes (those behind no constraint), runs `load`, and rebuilds them
 * with their own definitions: a bulk load into a trigram-indexed table is several times faster.
 */
async function withIndexesDeferred(sink: Sink, table: string, load: () => Promise<void>) {
  const { rows } = await sink.query(
    `select i.relname as name, pg_get_indexdef(i.oid) as def
       from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = $1::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`,
    [table],
  );
  for (const ix of rows) await sink.query(`drop index "${ix.name}"`);
  try {
    await load();
  } finally {
    for (const ix of rows) await sink.query(ix.def);
  }
}

export type TableReport = { table: string; rows: number; ms: number; skipped?: string };

/** Inserts `count` rows of `gen` in batches; returns how many were written and how long it took. */
export async function loadTable(
  sink: Sink,
  gen: TableGenerator,
  scale: Scale,
  seed: number,
  opts: { batch?: number; log?: (line: string) => void } = {},
): Promise<TableReport> {
  const count = gen.count(scale);
  if (!(await tableExists(sink, gen.table))) {
    return { table: gen.table, rows: 0, ms: 0, skipped: `table ${gen.table} does not exist yet` };
  }
  const started = performance.now();
  await gen.prepare?.(sink);
  // Each table gets its own stream, so adding a table never changes another table's data.
  const r = rng(seed ^ hashString(gen.table));
  const batch = opts.batch ?? 5000;
  const names = gen.columns.map(([n]) => `"${n}"`).join(', ');
  const casts = gen.columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
  const insert = `insert into "${gen.table}" (${names}) select * from unnest(${casts})`;
  await withIndexesDeferred(sink, gen.table, async () => {
    for (let from = 0; from < count; from += batch) {
      const n = Math.min(batch, count - from);
      const arrays: unknown[][] = gen.columns.map(() => new Array(n));
      for (let k = 0; k < n; k++) {
        const values = gen.row(from + k, r);
        for (let c = 0; c < arrays.length; c++) arrays[c]![k] = values[c] ?? null;
      }
      await sink.query(insert, arrays);
      if (count >= 50_000 && ((from / batch) % 20 === 19 || from + n === count)) {
        opts.log?.(`  ${gen.table}: ${from + n} / ${count}`);
      }
    }
  });
  await sink.query(`analyze "${gen.table}"`);
  return { table: gen.table, rows: count, ms: Math.round(performance.now() - started) };
}

function hashString(text: string) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** search_text exactly as the server folds it (records.ts searchTextOf). */
const searchText = (fields: string[], row: Record<string, unknown>) =>
  foldSearchText(
    fields
      .map((f) => row[f])
      .filter((v) => v !== null && v !== undefined)
      .join(' '),
  );

const ids = async (sink: Sink, table: string, codePrefix: string): Promise<number[]> =>
  (
    await sink.query(`select id from "${table}" where code like $1 order by code`, [`${codePrefix}%`])
  ).rows.map((r) => Number(r.id));

// ---------------------------------------------------------------- the tables

export const COMPANY_CODE = 'CTY-';
export const companyCode = (i: number) => `${COMPANY_CODE}${String(i + 1).padStart(7, '0')}`;

/** Companies: `scale.companies` live rows (92 % open, 8 % deactivated) plus 1 % deleted on top. */
export const companies: TableGenerator = {
  table: 'company',
  columns: [
    ...recordColumns,
    ['code', 'varchar'],
    ['name', 'varchar'],
    ['tax_code', 'varchar'],
    ['address', 'varchar'],
    ['phone', 'varchar'],
    ['email', 'varchar'],
    ['representative', 'varchar'],
    ['note', 'text'],
  ],
  count: (s) => s.companies + Math.floor(s.companies / 100),
  row(i, r) {
    const status = i % 101 === 100 ? 'D' : r.chance(0.08) ? 'C' : 'O'; // every 101st row is deleted
    const p = r.chance(0.55) ? provinces[0]! : r.chance(0.6) ? provinces[1]! : r.pick(provinces);
    const b = brand(r);
    const row = {
      code: companyCode(i),
      name: `${r.pick(companyForms)} ${r.pick(sectors)} ${b}`,
      tax_code: taxCode(r, p.tax) + (r.chance(0.1) ? `-${String(r.int(1, 20)).padStart(3, '0')}` : ''),
      address: address(r, p),
      phone: r.chance(0.7)
        ? `${p.area} ${r.int(3000, 3999)} ${r.int(1000, 9999)}`
        : `09${r.int(10000000, 99999999)}`,
      email: r.chance(0.8) ? `info@${slug(b)}${i + 1}.vn` : null,
      representative: r.chance(0.95) ? personName(r) : null,
      note: r.chance(0.1) ? 'Nhà thầu phụ, thanh toán theo tiến độ' : null,
    };
    const [created, updated] = stamps(r);
    return [
      status,
      updated === created ? 0 : r.int(1, 5),
      created,
      updated,
      'admin',
      'admin',
      searchText(companyKind.searchFields, row),
      row.code,
      row.name,
      row.tax_code,
      row.address,
      row.phone,
      row.email,
      row.representative,
      row.note,
    ];
  },
};

export const departmentTable: TableGenerator = {
  table: 'department',
  columns: [...recordColumns, ['code', 'varchar'], ['name', 'varchar']],
  count: (s) => Math.min(s.departments, departments.length),
  row(i, r) {
    const [code, name] = departments[i]!;
    const [created, updated] = stamps(r);
    return ['O', 0, created, updated, 'admin', 'admin', foldSearchText(`${code} ${name}`), code, name];
  },
};

let departmentIds: number[] = [];
let userPasswordHash = '';
/** Users "nv0001"…, all with the password `bench-user-1`, without roles (they see nothing). */
export const users: TableGenerator = {
  table: 'app_user',
  columns: [
    ...recordColumns,
    ['user_name', 'varchar'],
    ['password_hash', 'text'],
    ['full_name', 'varchar'],
    ['email', 'varchar'],
    ['phone', 'varchar'],
    ['department_id', 'int'],
    ['join_date', 'date'],
  ],
  count: (s) => s.users,
  async prepare(sink) {
    departmentIds = (await sink.query('select id from department order by id')).rows.map((r) => Number(r.id));
    userPasswordHash ||= await hash('bench-user-1');
  },
  row(i, r) {
    const userName = `nv${String(i + 1).padStart(4, '0')}`;
    const fullName = personName(r);
    const [created, updated] = stamps(r);
    return [
      'O',
      0,
      created,
      updated,
      'admin',
      'admin',
      foldSearchText(`${userName} ${fullName}`),
      userName,
      userPasswordHash,
      fullName,
      `${userName}@sitepay.vn`,
      `09${r.int(10000000, 99999999)}`,
      departmentIds.length ? r.pick(departmentIds) : null,
      created.slice(0, 10),
    ];
  },
};

let ownerCompanyIds: number[] = [];
export const projects: TableGenerator = {
  table: 'project',
  columns: [
    ...recordColumns,
    ['code', 'varchar'],
    ['name', 'varchar'],
    ['description', 'text'],
    ['company_id', 'int'],
  ],
  count: (s) => s.projects,
  async prepare(sink) {
    // Projects belong to a few dozen owner companies, as in real use.
    ownerCompanyIds = (await ids(sink, 'company', COMPANY_CODE)).slice(0, 40);
  },
  row(i, r) {
    const p = r.pick(provinces);
    const code = `DA-${String(i + 1).padStart(4, '0')}`;
    const name = `Dự án ${r.pick(buildingKinds)} ${r.pick(p.districts)} ${r.int(1, 9)}`;
    const [created, updated] = stamps(r);
    return [
      'O',
      0,
      created,
      updated,
      'admin',
      'admin',
      foldSearchText(`${code} ${name}`),
      code,
      name,
      `Dự án tại ${p.name}`,
      ownerCompanyIds.length ? r.pick(ownerCompanyIds) : null,
    ];
  },
};

let projectIds: number[] = [];
export const constructions: TableGenerator = {
  table: 'construction',
  columns: [
    ...recordColumns,
    ['code', 'varchar'],
    ['name', 'varchar'],
    ['address', 'varchar'],
    ['project_id', 'int'],
    ['closed', 'bool'],
  ],
  count: (s) => s.constructions,
  async prepare(sink) {
    projectIds = await ids(sink, 'project', 'DA-');
  },
  row(i, r) {
    const p = r.pick(provinces);
    const code = `CTR-${String(i + 1).padStart(5, '0')}`;
    const name = `${r.pick(buildingKinds)} ${r.pick(['Khu A', 'Khu B', 'Khu C', 'Giai đoạn 1', 'Giai đoạn 2', `Gói thầu XL-0${r.int(1, 9)}`])}`;
    const addr = address(r, p);
    const [created, updated] = stamps(r);
    return [
      'O',
      0,
      created,
      updated,
      'admin',
      'admin',
      foldSearchText(`${code} ${name} ${addr}`),
      code,
      name,
      addr,
      projectIds.length ? projectIds[i % projectIds.length] : null,
      r.chance(0.1),
    ];
  },
};

/**
 * Contracts and payment requests have no table yet. When `payment_request` lands, add here:
 *
 *   let contractIds: number[] = [];
 *   export const paymentRequests: TableGenerator = {
 *     table: 'payment_request',
 *     columns: [...recordColumns, ['code', 'varchar'], ['contract_id', 'int'], ['amount', 'numeric'], …],
 *     count: (s) => s.paymentRequests,
 *     async prepare(sink) { contractIds = await ids(sink, 'contract', 'HD-'); },
 *     row(i, r) { … one row, search_text from its kind's searchFields … },
 *   };
 *
 * and append it to plan(); loadTable() batches, defers the indexes and analyzes it.
 */
export const plan = (): TableGenerator[] => [companies, departmentTable, users, projects, constructions];

/** Generates every table of the plan that exists, in order (parents first). */
export async function generate(
  sink: Sink,
  scale: Scale,
  opts: { seed?: number; log?: (line: string) => void } = {},
): Promise<TableReport[]> {
  const reports: TableReport[] = [];
  for (const gen of plan()) {
    const report = await loadTable(sink, gen, scale, opts.seed ?? 42, { log: opts.log });
    opts.log?.(
      report.skipped
        ? `  ${report.table}: skipped (${report.skipped})`
        : `  ${report.table}: ${report.rows} rows in ${(report.ms / 1000).toFixed(1)} s`,
    );
    reports.push(report);
  }
  for (const pending of ['contract', 'payment_request']) {
    if (await tableExists(sink, pending))
      opts.log?.(`  note: table ${pending} exists but bench/generate.ts has no generator for it yet`);
  }
  return reports;
}

// ---------------------------------------------------------------- command line

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  const rowsAt = process.argv.indexOf('--rows');
  if (!url?.startsWith('postgres')) {
    console.error('usage: npx tsx bench/generate.ts postgres://… [--rows 100000] (a migrated database)');
    process.exit(2);
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const scale = {
    ...fullScale,
    companies: rowsAt > 0 ? Number(process.argv[rowsAt + 1]) : fullScale.companies,
  };
  await generate(pool, scale, { log: console.log });
  await pool.end();
}
