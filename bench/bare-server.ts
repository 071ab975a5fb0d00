/**
 * The framework-and-driver limit: a bare Fastify server with one route per bench scenario that runs
 * the very SQL the app runs for that list (captured by bench/run.ts from the server's own code),
 * straight through `pg` (a pool of the app's size) or PGlite, and answers the page as JSON — no
 * authentication, no transaction, no validation, no logging. A scenario marked `prepared` runs its
 * statements as named prepared statements (node-pg prepares each once per pooled connection; on
 * PGlite, SQL-level PREPARE once and EXECUTE, as the app's request check does).
 *
 * Started by bench/run.ts as a child process: BENCH_BARE_FILE names its configuration (JSON), it listens
 * on 127.0.0.1:BENCH_PORT and answers GET /health when ready.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

export type Statement = { sql: string; params: unknown[] };
/** One scenario: the statements one list answer needs (page rows, then usually the count). */
export type BareScenario = {
  name: string;
  statements: Statement[];
  itemsPerPage: number;
  prepared?: boolean;
};

/** The route of a scenario. */
export const barePath = (s: BareScenario) => `/bare/${s.prepared ? 'prepared/' : ''}${s.name}`;

/** A parameter as an SQL literal, for PGlite's EXECUTE (which takes no bound parameters). */
const literal = (v: unknown) =>
  v === null || v === undefined
    ? 'null'
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : `'${String(v).replace(/'/g, "''")}'`;
export type BareConfig =
  | { kind: 'postgres'; url: string; poolSize: number; scenarios: BareScenario[] }
  | { kind: 'pglite'; dataDir: string; scenarios: BareScenario[] };

type Row = Record<string, unknown>;
type Query = (s: Statement, name?: string) => Promise<Row[]>;

/**
 * Rows read as arrays, as objects with every column: pg's own object rows keep one value per column
 * name, so a page whose display subqueries are all named `name` or `code` lost seven of its sixty
 * fields (and a fifth of its bytes) here while the app answered all of them. A repeated name gets
 * a suffix (`name_2`).
 */
function rowsWithEveryColumn(fields: { name: string }[], rows: unknown[][]): Row[] {
  const seen = new Map<string, number>();
  const names = fields.map((f) => {
    const n = (seen.get(f.name) ?? 0) + 1;
    seen.set(f.name, n);
    return n === 1 ? f.name : `${f.name}_${n}`;
  });
  return rows.map((values) => {
    const row: Row = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  });
}

async function main() {
  // a file: the captured statements outgrow what one environment variable may hold (128 KiB)
  const config = JSON.parse(fs.readFileSync(process.env.BENCH_BARE_FILE ?? '', 'utf8')) as BareConfig;
  const port = Number(process.env.BENCH_PORT);
  let query: Query;
  let close: () => Promise<void>;
  /** PostgreSQL: the statements of one answer run at once on the pool, as the best a route can do. */
  let parallel = true;
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize });
    pool.on('error', () => {});
    query = async (s, name) => {
      const result = await pool.query({
        name,
        text: s.sql,
        values: s.params as unknown[],
        rowMode: 'array',
      });
      return rowsWithEveryColumn(result.fields, result.rows as unknown[][]);
    };
    close = () => pool.end();
  } else {
    const client = await PGlite.create(`${config.dataDir}/pgdata`, {
      extensions: { pg_trgm },
      postgresqlconf: ['shared_buffers=32MB'], // as the app's
    });
    const preparedNames = new Set<string>();
    query = async (s, name) => {
      const arrays = { rowMode: 'array' } as const;
      let result: { fields: { name: string }[]; rows: unknown[][] };
      if (!name) result = await client.query<unknown[]>(s.sql, s.params, arrays);
      else {
        if (!preparedNames.has(name)) {
          await client.exec(`prepare ${name} as ${s.sql}`);
          preparedNames.add(name);
        }
        result = await client.query<unknown[]>(
          `execute ${name}${s.params.length ? `(${s.params.map(literal).join(', ')})` : ''}`,
          [],
          arrays,
        );
      }
      return rowsWithEveryColumn(result.fields, result.rows);
    };
    close = () => client.close();
    parallel = false; // one connection: PGlite queues them anyway
  }

  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ ok: true }));
  for (const [n, scenario] of config.scenarios.entries()) {
    const names = scenario.statements.map((_, i) => (scenario.prepared ? `bare_${n}_${i}` : undefined));
    app.get(barePath(scenario), async () => {
      const results = parallel
        ? await Promise.all(scenario.statements.map((s, i) => query(s, names[i])))
        : await scenario.statements.reduce<Promise<Record<string, unknown>[][]>>(
            async (acc, s, i) => [...(await acc), await query(s, names[i])],
            Promise.resolve([]),
          );
      // the page is the answer with the most values (a route may run a rights query first, a search
      // its matches' ids); the count a single value. The app answers a page's rows, not the one more
      // it reads to know whether a next page exists.
      const size = (r: Row[]) => r.length * Object.keys(r[0] ?? {}).length;
      const rows = results.reduce((a, b) => (size(b) > size(a) ? b : a), []);
      const count = results.find((r) => r !== rows && r.length === 1 && Object.keys(r[0]!).length === 1);
      return {
        items: rows.slice(0, scenario.itemsPerPage),
        total: count?.[0] ? Number(Object.values(count[0])[0]) : null,
        page: 1,
        itemsPerPage: scenario.itemsPerPage,
      };
    });
  }
  const shutdown = async () => {
    await app.close();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  await app.listen({ host: '127.0.0.1', port });
}

// run as the child process only (bench/run.ts imports barePath from here)
if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(`bare server: ${(error as Error).message}`);
    process.exit(1);
  });
}
