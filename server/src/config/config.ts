/**
 * Configuration from the environment. A bad value stops start-up with one clear line
 * (a ConfigError), never a stack trace.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class ConfigError extends Error {}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolSize?: number };
  adminPassword: string | null;
  jwtSecret: string;
  seedDemo: boolean;
  logLevel: string;
  webDist: string | null;
  bodyLimit: number;
  loginThrottle: { windowSeconds: number; maxFailuresPerUser: number; maxAttemptsPerAddress: number };
  trustProxy: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ? Number(env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created or written`);
  }
  const url = env.DATABASE_URL?.trim();
  if (url && !/^postgres(ql)?:\/\//.test(url)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < 6) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 6 characters');
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    database: url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir },
    adminPassword: env.ADMIN_PASSWORD ?? null,
    jwtSecret: env.JWT_SECRET || readOrCreateSecret(dataDir),
    seedDemo: env.SEED_DEMO === '1' || process.argv.includes('--demo'),
    logLevel: env.LOG_LEVEL || 'info',
    webDist:
      env.WEB_DIST === ''
        ? null
        : path.resolve(env.WEB_DIST || path.join(import.meta.dirname, '../../../web/dist')),
    bodyLimit: 1024 * 1024,
    loginThrottle: { windowSeconds: 15 * 60, maxFailuresPerUser: 10, maxAttemptsPerAddress: 50 },
    trustProxy: env.TRUST_PROXY === '1',
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
