/**
 * Configuration from the environment. A bad value stops start-up with one clear line
 * (a ConfigError), never a stack trace.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_FILES_PER_RECORD,
  DEFAULT_MAX_RECORD_BYTES,
  type FilesConfig,
} from '../files/file-store.ts';
import { defaultWebDist } from '../paths.ts';

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
  loginThrottle: {
    windowSeconds: number;
    /** Failures of one user name from one address. */
    maxFailuresPerUser: number;
    /** Failures of one user name from every address together: the user-wide lock. */
    maxFailuresPerUserAnywhere: number;
    maxAttemptsPerAddress: number;
  };
  trustProxy: boolean;
  files: FilesConfig;
  /** LibreOffice for PDF prints: SOFFICE_PATH, else `soffice` on PATH. */
  pdf: { soffice: string };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ? Number(env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  const host = listenHost(env.HOST);
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
  if (env.BUSINESS_TIME_ZONE) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: env.BUSINESS_TIME_ZONE });
    } catch {
      throw new ConfigError(
        `BUSINESS_TIME_ZONE must be a time zone such as Asia/Ho_Chi_Minh, got "${env.BUSINESS_TIME_ZONE}"`,
      );
    }
  }
  return {
    port,
    host,
    dataDir,
    database: url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir },
    adminPassword: env.ADMIN_PASSWORD ?? null,
    jwtSecret: env.JWT_SECRET || readOrCreateSecret(dataDir),
    seedDemo: env.SEED_DEMO === '1' || process.argv.includes('--demo'),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST || defaultWebDist),
    bodyLimit: 1024 * 1024,
    loginThrottle: {
      windowSeconds: 15 * 60,
      maxFailuresPerUser: 10,
      maxFailuresPerUserAnywhere: 50,
      maxAttemptsPerAddress: 100,
    },
    trustProxy: env.TRUST_PROXY === '1',
    files: filesConfig(env, dataDir),
    pdf: { soffice: env.SOFFICE_PATH || 'soffice' },
  };
}

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * The interface the server listens on (HOST): every interface by default (`0.0.0.0`; `::` for
 * IPv6 and IPv4), or one address (`127.0.0.1` behind a reverse proxy on the same machine) or name.
 */
function listenHost(value: string | undefined): string {
  const host = value?.trim() ?? '';
  if (!host) return '0.0.0.0';
  if (net.isIP(host) || HOST_NAME.test(host)) return host;
  throw new ConfigError(`HOST must be an IP address or a host name such as 127.0.0.1 or ::, got "${value}"`);
}

/** Uploaded files: DATA_DIR/files by default, an S3-compatible bucket with FILE_STORE=s3. */
function filesConfig(env: NodeJS.ProcessEnv, dataDir: string): FilesConfig {
  const mb = env.FILE_MAX_SIZE_MB ? Number(env.FILE_MAX_SIZE_MB) : DEFAULT_MAX_FILE_BYTES / 1024 / 1024;
  if (!(mb > 0 && mb <= 1024))
    throw new ConfigError(`FILE_MAX_SIZE_MB must be 1 to 1024, got "${env.FILE_MAX_SIZE_MB}"`);
  const perRecord = env.FILE_MAX_PER_RECORD ? Number(env.FILE_MAX_PER_RECORD) : DEFAULT_MAX_FILES_PER_RECORD;
  if (!(Number.isInteger(perRecord) && perRecord >= 1 && perRecord <= 10_000))
    throw new ConfigError(
      `FILE_MAX_PER_RECORD must be a whole number 1 to 10000, got "${env.FILE_MAX_PER_RECORD}"`,
    );
  const recordMb = env.FILE_MAX_RECORD_MB
    ? Number(env.FILE_MAX_RECORD_MB)
    : Math.max(DEFAULT_MAX_RECORD_BYTES / 1024 / 1024, mb);
  if (!(recordMb >= mb && recordMb <= 100_000))
    throw new ConfigError(
      `FILE_MAX_RECORD_MB must be FILE_MAX_SIZE_MB (${mb}) to 100000, got "${env.FILE_MAX_RECORD_MB}"`,
    );
  const limits = {
    maxFileBytes: Math.floor(mb * 1024 * 1024),
    maxFiles: DEFAULT_MAX_FILES,
    maxFilesPerRecord: perRecord,
    maxRecordBytes: Math.floor(recordMb * 1024 * 1024),
  };
  const kind = env.FILE_STORE || 'local';
  if (kind === 'local') return { store: { kind, root: path.join(dataDir, 'files') }, ...limits };
  if (kind !== 's3') throw new ConfigError(`FILE_STORE must be local or s3, got "${kind}"`);
  if (!env.S3_BUCKET) throw new ConfigError('FILE_STORE=s3 needs S3_BUCKET');
  return {
    store: {
      kind,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      endpoint: env.S3_ENDPOINT || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    },
    ...limits,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
