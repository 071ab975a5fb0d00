/** Health and build information: public, for load balancers and the web app's update banner. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const APP_VERSION = '1.0.0';

/** The web build writes build-info.json; without one, the server's own start time stands in. */
export function lastBuildTime(webDist: string | null): string {
  if (webDist) {
    try {
      const info = JSON.parse(fs.readFileSync(path.join(webDist, 'build-info.json'), 'utf8'));
      if (typeof info.last_build_time === 'string') return info.last_build_time;
    } catch {
      // no web build: fall through
    }
  }
  return new Date().toISOString();
}

export function registerSystemRoutes(app: FastifyInstance, opts: { webDist: string | null }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const buildTime = lastBuildTime(opts.webDist);
  r.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
      },
      logLevel: 'warn',
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
  r.get(
    '/api/version',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        response: { 200: z.object({ app_version: z.string(), last_build_time: z.string() }) },
      },
    },
    // Read per request: a redeployed web build is announced without restarting the server.
    async () => ({
      app_version: APP_VERSION,
      last_build_time: opts.webDist ? lastBuildTime(opts.webDist) : buildTime,
    }),
  );
}
