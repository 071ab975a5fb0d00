/**
 * Start-up: configuration, database (migrate, seed), listen; SIGTERM/SIGINT close gracefully
 * (in-flight requests finish, the database checkpoints and closes). A bad configuration ends
 * with one clear line on stderr and exit code 1.
 */
import { buildApp, prepareDatabase } from './app.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { trimMemoryWhenIdle } from './idle-memory.ts';
import { logDestination, startStopWatchdog } from './logging.ts';
import { APP_VERSION } from './modules/system/system.routes.ts';

/** A stop (SIGTERM, SIGINT) ends the process within this time, finished or not. */
const STOP_DEADLINE_MS = 15_000;

async function main() {
  const started = Date.now();
  const config = loadConfig();
  let database: Database | undefined;
  try {
    database = await openDatabase(config.database);
    await database.migrate();
    const app = await buildApp(
      { ...config, logger: { level: config.logLevel, stream: logDestination() } },
      database,
    );
    // a quiet server gives back the memory a load made V8 keep (idle-memory.ts)
    trimMemoryWhenIdle(app);
    const { generatedAdminPassword, demo } = await prepareDatabase(app, database, {
      adminPassword: config.adminPassword,
      demo: config.seedDemo,
    });
    const db = database;
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // the watchdog lives in its own thread: it fires even if this one is blocked
      startStopWatchdog(STOP_DEADLINE_MS);
      const force = setTimeout(() => process.exit(1), STOP_DEADLINE_MS - 2_000);
      force.unref();
      try {
        await app.close();
      } finally {
        await db.close();
        app.log.info('stopped');
        process.exit(0);
      }
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));

    await app.listen({ port: config.port, host: config.host });
    const where = config.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    if (generatedAdminPassword) {
      console.log(
        `\n  SitePay admin user: admin   password: ${generatedAdminPassword}\n  (shown once, for one sign-in: SitePay asks for a new one then)\n`,
      );
    }
    if (demo) console.log('  Demo data added (users ketoan / giamdoc / ketoan2, see README).');
    const { port } = app.server.address() as import('node:net').AddressInfo;
    // every interface: localhost reaches it; one interface: that address (HOST)
    const shown = ['0.0.0.0', '::'].includes(config.host)
      ? 'localhost'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host;
    console.log(
      `  SitePay ${APP_VERSION} ready on http://${shown}:${port} (${where}) in ${Date.now() - started} ms`,
    );
  } catch (error) {
    await database?.close().catch(() => {});
    throw error;
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`SitePay cannot start: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`SitePay cannot start: port ${process.env.PORT ?? 8080} is already in use`);
  } else {
    console.error(`SitePay cannot start: ${(error as Error).message?.split('\n')[0] ?? error}`);
  }
  process.exit(1);
});
