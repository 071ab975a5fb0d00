/**
 * buildApp(): the whole HTTP application on a given database, nothing listening — what main.ts
 * serves and what tests speak HTTP to. Plugins load in layers (fastify/demo): external
 * (security headers, OpenAPI), then the app's own (errors, authentication), then the routes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { useCommonPasswords } from '@sitepay/domain/password-rules';
import { dictionary } from '@zxcvbn-ts/language-common';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type Clock, databaseClock } from './clock.ts';
import type { Config } from './config/config.ts';
import { type DailyJobOptions, registerDailyJobs } from './core/daily-job.ts';
import type { Database } from './db/client.ts';
import { type RouteInfo, type SeedResult, seed } from './db/seed/seed.ts';
import { type PdfOptions, registerPdf } from './documents/pdf.ts';
import { entityKinds, missingEntityKinds } from './entities.ts';
import { authPlugin, endpointPath } from './http/auth.ts';
import { registerEntity } from './http/entity.routes.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { watchLoad } from './http/load.ts';
import { openApiTransform } from './http/openapi.ts';
import type { RecordRouteInfo } from './http/resource.routes.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerStrictBodies } from './http/strict-body.ts';
import { registerAbilityRoutes } from './modules/access/ability.routes.ts';
import { registerAccessRoutes } from './modules/access/access.routes.ts';
import { registerApplicationRoutes } from './modules/access/application.routes.ts';
import { registerAccountRoutes } from './modules/account/account.routes.ts';
import { registerDelegationRoutes } from './modules/account/delegation.routes.ts';
import { registerHistoryRoutes } from './modules/admin/history.routes.ts';
import { registerTaxCodeReportRoutes } from './modules/admin/tax-code.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerBillingRoutes } from './modules/billing/billing.routes.ts';
import { registerCompanyRoutes } from './modules/company/company.routes.ts';
import { constructionKind } from './modules/construction/construction.resource.ts';
import { registerConstructionRoutes } from './modules/construction/construction.routes.ts';
import { registerConstructorRoutes } from './modules/constructor/constructor.routes.ts';
import { registerContractRoutes } from './modules/contract/contract.routes.ts';
import { registerContractFileRoutes } from './modules/contract/contract-file.routes.ts';
import { registerCreditRoutes } from './modules/customer/credit.routes.ts';
import { registerCustomerRoutes } from './modules/customer/customer.resource.ts';
import { registerExportRoutes } from './modules/export/export.routes.ts';
import { registerFileRoutes } from './modules/file/file.routes.ts';
import { registerEmailConfigRoutes } from './modules/mail/email-config.routes.ts';
import { guaranteeExpiryJob } from './modules/mail/mail.guarantees.ts';
import { registerMailListRoutes } from './modules/mail/mail.list.ts';
import { mailPaymentComment, mailPaymentMove } from './modules/mail/mail.payment.ts';
import { approvalRemindersJob } from './modules/mail/mail.reminders.ts';
import { type MailWorkerOptions, registerMailWorker } from './modules/mail/mail.worker.ts';
import { registerApprovalFlowRoutes } from './modules/payment/approval-flow.routes.ts';
import { registerPaymentRoutes } from './modules/payment/payment.routes.ts';
import { onPaymentMove } from './modules/payment/payment.workflow.ts';
import { registerPaymentApprovalRoutes } from './modules/payment/payment-approval.routes.ts';
import { registerPaymentBatchRoutes } from './modules/payment/payment-batch.routes.ts';
import { registerPaymentCommentRoutes } from './modules/payment/payment-comment.routes.ts';
import { onPaymentComment } from './modules/payment/payment-comment.service.ts';
import { registerPaymentFileRoutes } from './modules/payment/payment-file.routes.ts';
import { registerPaymentHistoryRoutes } from './modules/payment/payment-history.routes.ts';
import { registerPaymentInvoiceRoutes } from './modules/payment/payment-invoice.routes.ts';
import { registerPaymentMoveRoutes } from './modules/payment/payment-moves.routes.ts';
import { registerPaymentPayoutRoutes } from './modules/payment/payment-payout.routes.ts';
import { projectKind } from './modules/project/project.resource.ts';
import { registerProjectRoutes } from './modules/project/project.routes.ts';
import { registerReportRoutes } from './modules/report/report.routes.ts';
import { registerSettingRoutes } from './modules/setting/setting.routes.ts';
import { registerStatisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { APP_VERSION, registerSystemRoutes } from './modules/system/system.routes.ts';
import { registerTicketRoutes } from './modules/ticket/ticket.routes.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route that needs an endpoint right, for the seed (see seed.ts). */
    protectedRoutes: RouteInfo[];
    /** Every record resource's create and update paths with its uniqueness rules (the race suite's table). */
    recordRoutes: RecordRouteInfo[];
    /** The time windows' now (clock.ts). */
    clock: Clock;
  }
}

export type AppConfig = Pick<
  Config,
  'jwtSecret' | 'webDist' | 'bodyLimit' | 'loginThrottle' | 'trustProxy'
> & {
  logger?: FastifyServerOptions['logger'];
  files?: Config['files'];
  /** The mail worker's timing (tests); absent: defaults and MAIL_* variables (mail.worker.ts). */
  mail?: Partial<MailWorkerOptions>;
  /** LibreOffice for PDF prints (documents/pdf.ts); absent: `soffice` on PATH. */
  pdf?: Partial<PdfOptions>;
  /** The time windows' now (tests); absent: the database's (clock.ts). */
  clock?: Clock;
  /** The daily jobs' timing and clock (tests); absent: defaults and DAILY_JOBS (core/daily-job.ts). */
  dailyJobs?: Partial<DailyJobOptions>;
};

/** Heavy work's own requests: exports, and the reports but the home page (http/load.ts). */
const isHeavyWork = (url: string) =>
  url.startsWith('/api/export/') || (url.startsWith('/api/report/') && !url.startsWith('/api/report/home'));

export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  // the server refuses the common passwords; the web app does not carry their list (password-rules.ts)
  useCommonPasswords(dictionary['passwords-common']);
  const app = Fastify({
    logger: config.logger ?? false,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    // a path Fastify cannot decode (`/api/x/%E0%A4%A`) answers in the one envelope (errors.ts)
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      reply.code(status as never).send({
        status,
        code: status === 400 ? 'bad_request' : 'internal_error',
        message: status === 400 ? 'the request URL is malformed' : 'Internal Server Error',
      } as never);
    },
    // one access-log line per request (below), not Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  // before any route: every JSON body refuses unknown fields and takes SPEC's spellings
  registerStrictBodies(app);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('clock', config.clock ?? databaseClock);
  app.decorate('protectedRoutes', [] as RouteInfo[]);
  app.decorate('recordRoutes', [] as RecordRouteInfo[]);
  app.addHook('onRoute', (route) => {
    // The API documentation is public like the OpenAPI document it shows.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    if (!route.url.startsWith('/api/') || (route.config?.access ?? 'endpoint') !== 'endpoint') return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.protectedRoutes.push({ method, path: endpointPath(route.url), menus: route.config?.menus ?? [] });
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // requests in flight, and heavy work (exports, reports but the home page) giving way to the others
  watchLoad(app, isHeavyWork);
  // A stop waits for requests in flight, but not for their keep-alive connections (Fastify keeps
  // an idle one 72 s): Fastify closes the idle ones once, when the stop begins, and a response that
  // ends after that would hold its connection open past the stop deadline. Close each one as soon
  // as it goes idle until the listener has closed.
  app.addHook('preClose', (done) => {
    if (!app.server.listening) return done();
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
    done();
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: request.user?.user_name,
      },
      'request',
    );
  });

  // external
  // JSON and text answers of 1 KB and more go compressed to a client that accepts it: gzip where it
  // may (a 20-row page: 20 KB → 2.2 KB in 0.4 ms), brotli at quality 4 to one that asks for it
  // alone (docs/adr/0079-compressed-answers.md); the hashed web files are compressed once at build
  // and sent as they are (serveWeb). Request bodies are never inflated: no client needs it, and a
  // compressed body would let a small upload grow past what the body limits mean.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'br'] });
  await app.register(helmet, {
    // HSTS and upgrade-insecure-requests would make browsers fetch assets over HTTPS, which the app
    // itself does not serve: a TLS-terminating proxy in front adds HSTS where it belongs.
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SitePay API',
        version: APP_VERSION,
        description: 'Companies, contracts and payment requests of a construction finance team.',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());

  // the app's own
  registerErrorHandler(app);
  registerInputGuard(app);
  await app.register(authPlugin, { jwtSecret: config.jwtSecret, prepared: database.prepared });
  registerPdf(app, config.pdf);

  // routes
  registerSystemRoutes(app, { webDist: config.webDist });
  registerAuthRoutes(app, config as Config);
  registerAccountRoutes(app);
  registerDelegationRoutes(app);
  registerHistoryRoutes(app);
  registerTaxCodeReportRoutes(app);
  registerCompanyRoutes(app, { project: projectKind, construction: constructionKind });
  registerProjectRoutes(app, { construction: constructionKind });
  registerConstructionRoutes(app);
  registerConstructorRoutes(app);
  const missing = missingEntityKinds();
  if (missing.length) throw new Error(`entities without a record kind in server/src/entities.ts: ${missing}`);
  for (const kind of entityKinds) registerEntity(app, kind);
  registerSettingRoutes(app);
  registerContractRoutes(app);
  registerUserRoutes(app);
  registerAccessRoutes(app);
  registerApplicationRoutes(app);
  registerAbilityRoutes(app);
  registerReportRoutes(app);
  registerFileRoutes(app, config.files);
  registerContractFileRoutes(app);
  registerPaymentRoutes(app);
  registerPaymentMoveRoutes(app);
  registerPaymentPayoutRoutes(app);
  registerPaymentBatchRoutes(app);
  registerPaymentApprovalRoutes(app);
  registerApprovalFlowRoutes(app);
  registerPaymentFileRoutes(app);
  registerPaymentInvoiceRoutes(app);
  registerPaymentHistoryRoutes(app);
  registerPaymentCommentRoutes(app);
  registerExportRoutes(app);
  registerEmailConfigRoutes(app, config);
  // receivables (issue 16)
  registerCustomerRoutes(app);
  registerCreditRoutes(app);
  registerBillingRoutes(app);
  registerTicketRoutes(app);
  registerMailListRoutes(app);
  registerStatisticsRoutes(app);
  // the workflow's and the discussion's mails: listeners of written moves and comments (neither
  // imports a mailer)
  onPaymentMove(mailPaymentMove);
  onPaymentComment(mailPaymentComment);
  registerMailWorker(app, config);
  // each working morning, once across servers (docs/adr/0087-approval-reminders.md)
  registerDailyJobs(app, [approvalRemindersJob, guaranteeExpiryJob], config.dailyJobs);

  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) serveWeb(app, config.webDist);
  return app;
}

/** The built web app, with client-side routes falling back to index.html. */
function serveWeb(app: FastifyInstance, root: string) {
  // serve: false — the public route below sends the files, so that no asset route needs a token
  // preCompressed: a file's .br or .gz twin written by the build (web/vite.config.ts) when the client
  // accepts it, the file itself otherwise
  // cacheControl: false — the route below says how long each file may be kept
  app.register(fastifyStatic, { root, serve: false, index: false, cacheControl: false, preCompressed: true });
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'));
  const sendIndex = (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, sendIndex);
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const file = req.url.split('?')[0]!.slice(1);
    if (file.startsWith('api/')) {
      return reply
        .status(404)
        .send({ status: 404, code: 'not_found', message: `${req.method} ${req.url} not found` });
    }
    if (
      file &&
      !file.includes('..') &&
      fs.existsSync(path.join(root, file)) &&
      fs.statSync(path.join(root, file)).isFile()
    ) {
      // hashed assets are immutable; other files (favicon, build-info) must be revalidated
      reply.header(
        'cache-control',
        file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      return reply.sendFile(file);
    }
    return sendIndex(req, reply);
  });
}

/** Migrations and seed: what every start (and every test app) does before serving. */
export async function prepareDatabase(
  app: FastifyInstance,
  database: Database,
  opts: { adminPassword: string | null; demo: boolean },
): Promise<SeedResult> {
  await app.ready();
  return seed(database.db, { ...opts, routes: app.protectedRoutes });
}
