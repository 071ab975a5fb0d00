/**
 * The embedded database keeps its planner statistics fresh by itself: PGlite has no autovacuum, and
 * without statistics list estimates (and plans) would stay those of an empty table.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client.ts';

describe('embedded database (pglite)', () => {
  it('refreshes the planner statistics on its own as rows arrive', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null, analyzeEveryMs: 300 });
    try {
      await database.migrate();
      const estimate = async () =>
        (
          await queryRows<{ n: number }>(
            database.db,
            sql`select reltuples::int as n from pg_class where relname = 'company'`,
          )
        )[0]!.n;
      await database.db.execute(sql`
        insert into company (code, name) select 'C' || g, 'Công ty ' || g from generate_series(1, 5000) g`);
      const before = await estimate();
      await new Promise((r) => setTimeout(r, 900));
      expect(before).not.toBe(5000);
      expect(await estimate()).toBe(5000);
    } finally {
      await database.close();
    }
  });
});
