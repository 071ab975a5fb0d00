/**
 * Opens the database: embedded PGlite under DATA_DIR (the default), or a real PostgreSQL
 * when DATABASE_URL is given. Both hand back the same Drizzle API, run the same migrations,
 * and close cleanly. PGlite has no lock of its own, so the embedded mode takes a lock file
 * in its folder and refuses a second server on the same data.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ConfigError } from '../config/config.ts';
import { migrationsFolder } from '../paths.ts';
import { isDatabaseUnavailable } from './connection-errors.ts';
import * as schema from './schema.ts';
import { toQuery } from './sql-text.ts';
import { connectionWrites, statementKind, wrote } from './writes.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle or the database itself: code inside a transaction uses only its handle. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs a hot query as a named prepared statement: planned once per connection instead of on every
   * call (the request check spends most of its time planning otherwise;
   * docs/adr/0018-every-data-statement-prepared.md). `name` must always come with the same SQL text; outside
   * any transaction only. With `values`, `query` holds `sql.placeholder`s: it is rendered once per name, and
   * each call only fills them.
   */
  prepared<T>(name: string, query: SQL, values?: Record<string, unknown>): Promise<T[]>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the prepared statements held by each pooled connection (tests, diagnostics). */
  preparedCounts?(): number[];
};

/**
 * A named statement's text and values: rendered once per name when it comes with placeholder
 * values (Drizzle walks the request check's fifty pieces otherwise at every request), else each time.
 */
function renderer() {
  const rendered = new Map<string, { sql: string; params: unknown[] }>();
  return (name: string, query: SQL, values: Record<string, unknown> | undefined) => {
    if (!values) return toQuery(query);
    let r = rendered.get(name);
    if (!r) {
      r = toQuery(query); // placeholders: rendered by Drizzle
      rendered.set(name, r);
    }
    return { sql: r.sql, params: fillPlaceholders(r.params, values) };
  };
}

/** A parameter as an SQL literal, for PGlite's EXECUTE (which takes no bound parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  // standard_conforming_strings is on: only the quote needs doubling
  return `'${String(value).replaceAll("'", "''")}'`;
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir: string | null; // null: in memory (tests)
      /** How often the statistics are refreshed (PGlite has no autovacuum); default 10 minutes. */
      analyzeEveryMs?: number;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.analyzeEveryMs)
    : openPostgres(options.url, options.poolSize);
}

async function openPglite(dataDir: string | null, analyzeEveryMs = 10 * 60_000): Promise<Database> {
  const releaseLock = dataDir ? takeLock(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, {
      extensions: { pg_trgm },
      // 128 MB by default; the embedded tier's data is small and the OS caches its files anyway:
      // 32 MB takes about 130 MB off the server's memory (docs/adr/0028-embedded-pglite-tier.md)
      postgresqlconf: ['shared_buffers=32MB'],
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const preparing = new PreparingPglite(client);
  const db = drizzlePglite(preparing as unknown as PGlite, { schema }) as unknown as Db;
  const preparedNames = new Set<string>();
  const render = renderer();
  // PGlite runs PostgreSQL without its background workers, so nothing refreshes the planner's
  // statistics: plans and list estimates would drift as the data grows. ANALYZE samples each table
  // (about 30,000 rows), a fraction of a second even on large data.
  const analyze = setInterval(() => {
    if (!client.closed) client.exec('ANALYZE').catch(() => {});
  }, analyzeEveryMs);
  analyze.unref();
  return {
    db,
    kind: 'pglite',
    // PGlite's API has no named statements: SQL-level PREPARE once, then EXECUTE with literals.
    async prepared<T>(name: string, query: SQL, values?: Record<string, unknown>) {
      const { sql: text, params } = render(name, query, values);
      if (!preparedNames.has(name)) {
        await client.exec(`prepare ${name} as ${text}`);
        preparedNames.add(name);
      }
      const result = await client.query<T>(
        `execute ${name}${params.length ? `(${params.map(literal).join(', ')})` : ''}`,
      );
      return result.rows;
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      await client.exec('ANALYZE'); // fresh statistics at every start
    },
    preparedCounts: () => [preparing.statements.size],
    async close() {
      clearInterval(analyze);
      try {
        if (!client.closed) {
          await client.exec('CHECKPOINT');
          await client.close();
        }
      } finally {
        releaseLock();
      }
    },
  };
}

/** Statements kept prepared on each pooled connection; the least recently used go beyond this. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * Statement names by text, for all connections: hashing a list's 3 kB of SQL at every run was 2 %
 * of its server time; looking the text up costs a fraction of that. Bounded like the statements.
 */
const namesByText = new Map<string, string>();
const NAMES_KEPT = 4 * STATEMENT_CACHE_SIZE;
function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `s_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (namesByText.size >= NAMES_KEPT) namesByText.delete(namesByText.keys().next().value!);
    namesByText.set(text, name);
  }
  return name;
}

/** A statement the server may plan once and run again: the data statements, not DDL or EXPLAIN. */
const PREPARABLE = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;

/**
 * A pooled connection that runs every data statement as a named prepared statement, named by a
 * hash of its text: PostgreSQL parses and plans it once per connection instead of at every request
 * (planning was most of a list's database time: docs/adr/0018-every-data-statement-prepared.md). Values are
 * always bound parameters, so ten thousand different searches are one statement. Each connection keeps at
 * most STATEMENT_CACHE_SIZE of them, least recently used out (DEALLOCATE), so the cache cannot grow without
 * bound whatever the mix of filters and sorts.
 */
class PreparingClient extends pg.Client {
  /** Prepared names, least recently used first. */
  readonly statements = new Map<string, true>();
  /** The writes this connection makes, told to the process's count (writes.ts). */
  private readonly writes = connectionWrites();

  // biome-ignore lint/suspicious/noExplicitAny: node-pg's query has a dozen overloads
  override query(config: any, values?: any, callback?: any): any {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text !== 'string') return this.run(config, values, callback);
    const done = typeof values === 'function' ? values : callback;
    if (typeof done !== 'function') return this.writes.sent(text, () => this.run(config, values));
    // the callback style (the pool's own query): run as a promise, so that a write is told once it
    // is done, before the caller hears of it — not when it is sent (writes.ts)
    const args = typeof values === 'function' ? undefined : values;
    (this.writes.sent(text, () => this.run(config, args)) as Promise<unknown>).then(
      (result) => done(null, result),
      (error) => done(error),
    );
    return undefined;
  }

  // biome-ignore lint/suspicious/noExplicitAny: as query
  private run(config: any, values?: any, callback?: any): any {
    if (
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      config.name === undefined &&
      typeof config.submit !== 'function' && // a Query or Cursor object runs as it is
      PREPARABLE.test(config.text)
    ) {
      const name = statementName(config.text);
      this.use(name);
      return super.query({ ...config, name }, values, callback);
    }
    return super.query(config, values, callback);
  }

  private use(name: string) {
    if (this.statements.delete(name)) {
      this.statements.set(name, true);
      return;
    }
    this.statements.set(name, true);
    while (this.statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.statements.keys().next().value as string;
      this.statements.delete(oldest);
      // Forgotten by node-pg when the server has dropped it (the callback runs before the next
      // queued statement is sent): one queued before the DEALLOCATE still finds it prepared, one
      // queued after prepares it again. A DEALLOCATE refused (in a failed transaction) leaves it
      // prepared: it stays in the cache, to go at a later turn.
      const connection = (this as unknown as { connection: { parsedStatements: Record<string, unknown> } })
        .connection;
      super.query(`deallocate ${oldest}`, (error: Error | null) => {
        if (error) this.statements.set(oldest, true);
        else delete connection.parsedStatements[oldest];
      });
    }
  }
}

/** A value EXECUTE can take as a quoted literal, as the driver would have sent it as text. */
const literalValue = (v: unknown) =>
  v === null ||
  v === undefined ||
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  typeof v === 'bigint' ||
  (typeof v === 'number' && Number.isFinite(v));

/** SQLSTATEs after which a statement is prepared again: gone (26000), or its result type changed (0A000). */
const PREPARE_AGAIN = new Set(['26000', '0A000']);

/**
 * PGlite's client with its data statements prepared, as PreparingClient does for PostgreSQL: PGlite
 * parses and plans every statement of its API afresh (the payment list's 20 display subqueries cost
 * more to plan than to run), and its API has no named statements. So the first run of a text
 * PREPAREs it under a name made from the text, and every run EXECUTEs it with the values as quoted
 * literals, each coerced by PostgreSQL to its parameter's type as a bound value would be
 * (standard_conforming_strings is on: only the quote needs doubling). At most STATEMENT_CACHE_SIZE
 * are kept, least recently used out. Statements in a transaction, and values that are not plain
 * (arrays, dates, bytes), run as before. Drizzle is handed this object in place of the client.
 */
export class PreparingPglite {
  /** Prepared names, least recently used first. */
  readonly statements = new Map<string, true>();
  constructor(private readonly client: PGlite) {}

  /** The writes made outside a transaction, told to the process's count (writes.ts). */
  private readonly writes = connectionWrites();

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.writes.sent(text, () => this.run<T>(text, params, options)) as Promise<Results<T>>;
  }

  private async run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!PREPARABLE.test(text) || !params.every(literalValue))
      return this.client.query<T>(text, params, options);
    const name = statementName(text);
    const execute = `execute ${name}${params.length ? `(${params.map(literal).join(', ')})` : ''}`;
    for (let attempt = 0; ; attempt++) {
      if (!this.statements.has(name)) {
        try {
          await this.client.exec(`prepare ${name} as ${text}`);
        } catch (error) {
          // another caller prepared it in between (42P05); anything else is the statement's own
          // error, which the plain query reports as it always has
          if ((error as { code?: string }).code !== '42P05')
            return this.client.query<T>(text, params, options);
        }
      }
      this.use(name);
      try {
        return await this.client.query<T>(execute, [], options);
      } catch (error) {
        if (attempt > 0 || !PREPARE_AGAIN.has((error as { code?: string }).code ?? '')) throw error;
        this.statements.delete(name);
        await this.client.exec(`deallocate ${name}`).catch(() => {});
      }
    }
  }

  private use(name: string) {
    this.statements.delete(name);
    this.statements.set(name, true);
    while (this.statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.statements.keys().next().value as string;
      this.statements.delete(oldest);
      // one already queued finds it gone and prepares it again (PREPARE_AGAIN)
      this.client.exec(`deallocate ${oldest}`).catch(() => {});
    }
  }

  /**
   * A transaction's statements go to PGlite's own handle: its writes are told as they are done (the
   * transaction's own later reads), and once it has ended it counts as a write (writes.ts). PGlite
   * runs one transaction at a time, nothing else in between.
   */
  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.client.transaction((tx) => run(toldWrites(tx))).finally(wrote);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.writes.sent(text, () => this.client.exec(text, options)) as Promise<Results[]>;
  }
}

/** A PGlite transaction's handle whose writes, once done, move the process's count (writes.ts). */
function toldWrites(tx: Transaction): Transaction {
  const told =
    (run: (text: string, ...rest: unknown[]) => Promise<unknown>) =>
    (text: string, ...rest: unknown[]) => {
      const done = run(text, ...rest);
      if (statementKind(text) !== 'read') done.then(wrote, () => {});
      return done;
    };
  return new Proxy(tx, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      return property === 'query' || property === 'exec' ? told(value.bind(target)) : value;
    },
  });
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // JIT compilation costs more than it saves on the short statements of lists and forms (it took
  // 295 of 337 ms of a search over 1 M payment requests): off for the app's own connections.
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: url,
    max: poolSize,
    // Prepared statements (PreparingClient) are parsed once; after five runs PostgreSQL plans them
    // once for all values (a generic plan) where that costs no more than planning each run. A
    // filter that a partial index's predicate names is written as a literal, never a parameter,
    // so that generic plans can use the index (docs/adr/0019-plan-deciding-values-as-literals.md).
    options: '-c jit=off',
    // a database that does not answer (or a pool busy that long) gives a 503 within seconds
    // instead of holding requests without end
    connectionTimeoutMillis: 10_000,
  });
  // Types: NUMERIC stays a string (exact money); DATE stays 'YYYY-MM-DD'.
  pool.on('error', () => {}); // an idle client's error must not crash the server; the next query reports it
  // A client checked out of the pool (a transaction) has no error listener of the pool's: when the
  // database crashes under it, its 'error' event would be an uncaught exception and end the server.
  // The query in flight is rejected either way (a 503), and the pool drops the broken client.
  pool.on('connect', (client) => client.on('error', () => {}));
  const clients = new Set<PreparingClient>();
  pool.on('connect', (client) => clients.add(client as unknown as PreparingClient));
  pool.on('remove', (client) => clients.delete(client as unknown as PreparingClient));
  try {
    const c = await pool.connect();
    c.release();
  } catch (error) {
    await pool.end();
    throw new ConfigError(`cannot reach PostgreSQL at DATABASE_URL (${(error as Error).message})`);
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  // Drizzle's own transaction sends BEGIN before its try block: when the connection breaks right
  // there (a database crash), the client is never given back and the pool shrinks by one for good
  // — ten such and every request waits for a connection that never comes. Here the client is taken
  // and always given back, and thrown away when its connection broke.
  const internals = db as unknown as {
    dialect: PgDialect;
    session: { schema: never; options: never };
  };
  (db as { transaction: unknown }).transaction = async (
    run: Parameters<Db['transaction']>[0],
    config?: Parameters<Db['transaction']>[1],
  ) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const session = new NodePgSession(
        client,
        internals.dialect,
        internals.session.schema,
        internals.session.options,
      );
      return await session.transaction(run as never, config);
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  const render = renderer();
  return {
    db,
    kind: 'postgres',
    // node-pg prepares a named statement once on each pooled connection
    async prepared<T>(name: string, query: SQL, values?: Record<string, unknown>) {
      const { sql: text, params } = render(name, query, values);
      const result = await pool.query({ name, text, values: params as unknown[] });
      return result.rows as T[];
    },
    async migrate() {
      // Two servers starting together must not migrate twice at once.
      const c = await pool.connect();
      try {
        await c.query('SELECT pg_advisory_lock(727001)');
        await migrateNodePg(drizzleNodePg(c, { schema }), { migrationsFolder });
      } finally {
        await c.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
        c.release();
      }
    },
    close: () => pool.end(),
    preparedCounts: () => [...clients].map((c) => c.statements.size),
  };
}

/** An exclusive lock file in the data folder; a stale one (its process gone) is taken over. */
function takeLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'sitepay.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new ConfigError(
          `DATA_DIR ${dataDir} is in use by another SitePay server (pid ${pid}); stop it or choose another DATA_DIR`,
        );
      }
      if (pid === process.pid) {
        throw new ConfigError(`DATA_DIR ${dataDir} is already open in this process`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new ConfigError(`cannot take the lock in DATA_DIR ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Rows of a raw SQL query, the same on both drivers: what `tx.execute` runs, with the statement
 * rendered by toQuery instead of Drizzle's walk (docs/adr/0111-statements-rendered-without-drizzle-walk.md).
 */
export async function queryRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const session = (tx as unknown as { session: PgSession }).session;
  const result = await session.prepareQuery(toQuery(query), undefined, undefined, false).execute();
  return (result as unknown as { rows: T[] }).rows;
}
