/**
 * Where uploaded files live: a `FileStore` keyed by relative, slash-separated keys. The local
 * folder (DATA_DIR/files, the default) suits one server; an S3-compatible bucket (FILE_STORE=s3)
 * is what several server instances share (docs/product.md#scale-and-the-embedded-database). Keys are checked
 * here, in one place, so no caller can reach outside the store's root whatever a client sends.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type FileStore = {
  /** Writes the whole stream under `key`; a failed write leaves nothing behind. */
  put(key: string, stream: Readable): Promise<void>;
  /** The object's bytes; FileNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Whether `key` names a readable object or a folder (a prefix holding objects), or nothing. */
  stat(key: string): Promise<'file' | 'folder' | null>;
};

export type FileStoreConfig =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
    };

/**
 * The store and the limits of one upload (config.ts reads them from the environment): a file's
 * size, the files of one request, and the live files (count and bytes) one record may hold.
 */
export type FilesConfig = {
  store: FileStoreConfig;
  maxFileBytes: number;
  maxFiles: number;
  /** Default DEFAULT_MAX_FILES_PER_RECORD (FILE_MAX_PER_RECORD). */
  maxFilesPerRecord?: number;
  /** Default DEFAULT_MAX_RECORD_BYTES (FILE_MAX_RECORD_MB). */
  maxRecordBytes?: number;
};
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 10;
export const DEFAULT_MAX_FILES_PER_RECORD = 50;
export const DEFAULT_MAX_RECORD_BYTES = 200 * 1024 * 1024;

export class FileNotFoundError extends Error {}
export class UnsafeKeyError extends Error {}

// Letters of any script (Vietnamese folder names), digits, space and a few marks; a segment never
// starts with a dot, so "." and ".." cannot occur.
const SEGMENT = /^[\p{L}\p{M}\p{N}_][\p{L}\p{M}\p{N}_ .()-]*$/u;

export function isSafeKey(key: string): boolean {
  if (!key || key.length > 900 || key.startsWith('/') || key.endsWith('/')) return false;
  return key.split('/').every((s) => s.length <= 255 && SEGMENT.test(s) && !s.endsWith(' '));
}

export function checkKey(key: string): string {
  if (!isSafeKey(key)) throw new UnsafeKeyError(`unsafe storage key: ${JSON.stringify(key).slice(0, 80)}`);
  return key;
}

/** A folder on this machine. Writes go to a temporary name and are renamed when complete. */
export function localFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    const full = path.join(base, ...checkKey(key).split('/'));
    if (!full.startsWith(base + path.sep)) throw new UnsafeKeyError('key outside the store');
    return full;
  };
  // A symbolic link inside the root may point anywhere: what it resolves to must stay inside.
  const inside = async (full: string) => {
    const [real, realBase] = await Promise.all([fs.promises.realpath(full), fs.promises.realpath(base)]);
    return real.startsWith(realBase + path.sep) ? real : null;
  };

  return {
    async put(key, stream) {
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}.${crypto.randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(stream, fs.createWriteStream(temp, { flags: 'wx' }));
        await fs.promises.rename(temp, full);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const full = resolve(key);
      try {
        const real = await inside(full);
        if (!real || !(await fs.promises.stat(real)).isFile()) throw new FileNotFoundError(key);
        // opened here, not lazily, so a missing file is a 404 before any header is sent
        const handle = await fs.promises.open(real, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async stat(key) {
      try {
        const real = await inside(resolve(key));
        if (!real) return null;
        const info = await fs.promises.stat(real);
        const mode = info.isDirectory() ? fs.constants.R_OK | fs.constants.X_OK : fs.constants.R_OK;
        await fs.promises.access(real, mode);
        return info.isDirectory() ? 'folder' : info.isFile() ? 'file' : null;
      } catch (error) {
        if (error instanceof UnsafeKeyError) throw error;
        return null;
      }
    },
  };
}
