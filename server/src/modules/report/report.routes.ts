/**
 * Reports (docs/product.md#reports-and-exports): GET /api/report/payment, /report/constructor,
 * /report/construction, /report/contract/count, count_annex, highest, smallest,
 * amount_distribution — one filter set (report.schema.ts), the caller's data scope, and at most two
 * reports computed at once per server: the rest wait their turn, so a burst of reports cannot take
 * every database connection from the lists; and while the screens' requests are in flight, reports
 * rest between them in the server's heavy lane (http/load.ts; docs/adr/0056-heavy-lane.md). `format=xlsx` answers the
 * report as an Excel workbook instead (report.export.ts).
 */
import {
  amountDistributionSchema,
  constructionReportSchema,
  constructorReportSchema,
  contractAnnexCountSchema,
  contractCountSchema,
  contractRankSchema,
  homeSchema,
  paymentReportSchema,
  type ReportQuery,
  reportQuerySchema,
} from '@sitepay/domain/report.schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { slotFor } from '../../core/busy.ts';
import { createSemaphore } from '../../core/semaphore.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { heavyWork, type Turn } from '../../http/load.ts';
import { describeFilters } from '../export/export-filters.ts';
import { exportLang, sendWorkbook } from '../export/xlsx-export.ts';
import { reportWorkbooks } from './report.export.ts';
import {
  amountDistribution,
  constructionReport,
  constructorReport,
  contractAnnexCount,
  contractCount,
  contractRank,
  homeFigures,
  paymentReport,
} from './report.queries.ts';

/**
 * Runs a report in one read-only snapshot (REPEATABLE READ), so that its statements — several for
 * most reports, one per piece for the contractor report — see one moment; and planned for its own
 * values at each run: a report's statements are few and long, and PostgreSQL's generic plan for
 * them can be much the worse (the contractor report of one company within a director's scope went
 * from 45 to 380 ms once its sixth run switched to the generic plan), while planning takes a few ms.
 */
export function inSnapshot<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
      return read(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const contractMenus = ['report-contract', 'report-contract-view'];

export function registerReportRoutes(app: FastifyInstance, opts: { concurrent?: number } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // two at once; the others wait their turn, fifty at most (a report takes well under a second)
  const slots = createSemaphore(opts.concurrent ?? 2, { maxWaiting: 50 });
  const report = <S extends z.ZodType>(
    path: string,
    menus: string[],
    response: S,
    compute: (tx: Tx, q: ReportQuery, user: CurrentUser, turn: Turn) => Promise<unknown>,
  ) =>
    r.get(
      `/api/report/${path}`,
      {
        config: { menus, files: ['xlsx'] },
        schema: { tags: ['report'], querystring: reportQuerySchema, response: { 200: response } },
      },
      (async (req: FastifyRequest, reply: FastifyReply) => {
        const query = req.query as ReportQuery;
        const user = currentUser(req);
        // two at most at once, each giving way to the screens' requests (http/load.ts)
        const release = await slotFor(slots, Number.POSITIVE_INFINITY, 'report');
        const result = await heavyWork(app, (turn) =>
          inSnapshot(app.db, (tx) => compute(tx, query, user, turn)),
        ).finally(release);
        if (query.format !== 'xlsx') return result;
        const book = reportWorkbooks[path]!;
        const lang = exportLang(req, query.lang);
        const filters = await describeFilters(app.db, [], query, user, lang);
        const heading = { title: book.title, filters, user, lang, now: new Date() };
        return sendWorkbook(reply, heading, book.sheets(result as Record<string, unknown>));
      }) as never,
    );

  report('payment', ['report-payment'], paymentReportSchema, paymentReport);
  report(
    'constructor',
    ['report-constructor', 'report-constructor-view'],
    constructorReportSchema,
    constructorReport,
  );
  report(
    'construction',
    ['report-construction', 'report-construction-view'],
    constructionReportSchema,
    constructionReport,
  );
  report('contract/count', contractMenus, contractCountSchema, contractCount);
  report('contract/count_annex', contractMenus, contractAnnexCountSchema, contractAnnexCount);
  report('contract/highest', contractMenus, contractRankSchema, (tx, q, u) => contractRank(tx, q, u, 'desc'));
  report('contract/smallest', contractMenus, contractRankSchema, (tx, q, u) => contractRank(tx, q, u, 'asc'));
  report('contract/amount_distribution', contractMenus, amountDistributionSchema, amountDistribution);

  // the home page: every signed-in user, within their own scope (light: not through the gate)
  r.get(
    '/api/report/home',
    {
      config: { access: 'user' },
      schema: { tags: ['report'], querystring: reportQuerySchema, response: { 200: homeSchema } },
    },
    (req) => homeFigures(app.db, req.query as ReportQuery, currentUser(req)) as never,
  );
}
