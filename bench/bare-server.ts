/**
 * The framework-and-driver limit: a bare Fastify server with one route per bench scenario that runs
 * the very SQL the app runs for that list (captured by bench/run.ts from the server's own
 * `listRecords`), straight through `pg` (a pool of the app's size) or PGlite, and answers the page as
 * JSON — no authentication, no transaction, no validation, no logging.
 *
 * Started by bench/run.ts as a child process: BENCH_BARE holds its configuration (JSON), it listens
 * on 127.0.0.1:BENCH_PORT and answers GET /health when ready.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

export type Statement = { sql: string; params: unknown[] };
/** One scenario: the statements one list answer needs (page rows, then usually the count). */
export type BareScenario = { name: string; statements: Statement[]; itemsPerPage: number };
export type BareConfig =
  | { kind: 'postgres'; url: string; poolSize: number; scenarios: BareScenario[] }
  | { kind: 'pglite'; dataDir: string; scenarios: BareScenario[] };

type Query = (s: Statement) => Promise<Record<string, unknown>[]>;

async function main() {
  const config = JSON.parse(process.env.BENCH_BARE ?? '') as BareConfig;
  const port = Number(process.env.BENCH_PORT);
  let query: Query;
  let close: () => Promise<void>;
  /** PostgreSQL: the statements of one answer run at once on the pool, as the best a route can do. */
  let parallel = true;
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize });
    pool.on('error', () => {});
    query = async (s) => (await pool.query(s.sql, s.params)).rows;
    close = () => pool.end();
  } else {
    const client = await PGlite.create(`${config.dataDir}/pgdata`, {
      extensions: { pg_trgm },
      postgresqlconf: ['shared_buffers=32MB'], // as the app's
    });
    query = async (s) => (await client.query<Record<string, unknown>>(s.sql, s.params)).rows;
    close = () => client.close();
    parallel = false; // one connection: PGlite queues them anyway
  }

  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ ok: true }));
  for (const scenario of config.scenarios) {
    app.get(`/bare/${scenario.name}`, async () => {
      const results = parallel
        ? await Promise.all(scenario.statements.map(query))
        : await scenario.statements.reduce<Promise<Record<string, unknown>[][]>>(
            async (acc, s) => [...(await acc), await query(s)],
            Promise.resolve([]),
          );
      const [rows, count] = results;
      return {
        items: rows ?? [],
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

main().catch((error) => {
  console.error(`bare server: ${(error as Error).message}`);
  process.exit(1);
});
