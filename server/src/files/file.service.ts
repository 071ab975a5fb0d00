/**
 * Files attached to records (companies, projects, and next contracts and payment requests).
 * An owner plugs in with its RecordKind: the kind's scope decides who may see its files (a file of
 * a record outside the user's scope is a 404, like the record), and its history gets a
 * "file-add" / "file-remove" entry. One `file_upload` row per file; bytes live in the FileStore.
 *
 * Upload streams each part to the store while counting, hashing and checking its first bytes;
 * rows are written only once every part of the request passed, so a refused request (too large,
 * wrong type, owner not found) leaves no row and no object behind.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline, Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  acceptedExtensions,
  acceptedFilesSentence,
  extensionOf,
  fileTypesInWords,
} from '@sitepay/domain/file-types';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { fileUpload } from '../db/schema.ts';
import type { CurrentUser } from '../http/auth.ts';
import { badRequest, HttpError, notFound, unprocessable } from '../http/errors.ts';
import { writeHistory } from '../http/record-history.ts';
import { findRecord, type RecordKind } from '../http/records.ts';
import { ArchiveError, checkArchive } from './archive-guard.ts';
import {
  DEFAULT_MAX_FILES_PER_RECORD,
  DEFAULT_MAX_RECORD_BYTES,
  FileNotFoundError,
  type FileStore,
  type FilesConfig,
} from './file-store.ts';
import { cleanFileName, contentDisposition, contentMatches, SNIFF_BYTES, typeOfName } from './file-types.ts';

export type FileRow = typeof fileUpload.$inferSelect;
export type FileRecord = Omit<FileRow, 'storage_key' | 'created_at'> & { created_at: string };

/** Whose files: the record kind (scope, history) and the owner_kind stored on the row. */
export type FileOwner = { kind: RecordKind; ownerKind?: string };

export type UploadOptions = {
  /** The owner's id when the path carries it; otherwise the multipart field `id`. */
  ownerId?: number;
  /** Extensions accepted here (default: every allowed type). */
  extensions?: readonly string[];
  /** More writes in the same transaction as the rows (e.g. a template pointing at its file). */
  afterInsert?: (tx: Tx, files: FileRow[], fields: Record<string, string>) => Promise<void>;
};

type Stored = { key: string; file_name: string; content_type: string; size: number; sha256: string };

const fileError = (status: number, message: string, reason: string, field = 'file') =>
  new HttpError(status, status === 413 ? 'payload_too_large' : 'bad_request', message, [
    { field, message: reason },
  ]);

/**
 * A file whose type is not taken here: the answer names the types that are, in words (the field's
 * `file_type`, with the list in `params.extensions` for the screens to say in their language).
 */
const refusedType = (name: string, field: string, extensions: readonly string[]) =>
  new HttpError(
    400,
    'bad_request',
    `${name || 'file'}: ${acceptedFilesSentence(extensions, 'en')}`,
    [{ field, message: 'file_type' }],
    'file_type',
    { file: name, extensions: extensions.join(',') },
  );

/** An Office file (a zip archive) past the archive limits, or one that is not an archive at all. */
function archiveError(name: string, field: string, error: unknown) {
  if (!(error instanceof ArchiveError)) return error;
  return error.reason === 'archive_too_large'
    ? fileError(400, `${name}: ${error.message}`, 'archive_too_large', field)
    : new HttpError(
        400,
        'bad_request',
        `${name}: ${error.message}`,
        [{ field, message: 'file_content' }],
        'file_content',
        {
          file: name,
          extensions: extensionOf(name),
        },
      );
}

export const toFileRecord = ({ storage_key: _key, ...row }: FileRow): FileRecord => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

/**
 * Counts, hashes and checks the first bytes of a file as it passes to the store. A zip archive
 * (Office files) is also kept (at most maxBytes) and checked whole at its end (archive-guard.ts):
 * refused there, the store's write fails and leaves nothing.
 */
function inspector(
  name: string,
  type: NonNullable<ReturnType<typeof typeOfName>>,
  maxBytes: number,
  field: string,
) {
  const hash = crypto.createHash('sha256');
  const archive: Buffer[] | null = type.magic === 'zip' ? [] : null;
  let size = 0;
  let head: Buffer | null = Buffer.alloc(0);
  // a program renamed .pdf: said as the type its name promised ("not a PDF file")
  const ext = extensionOf(name);
  const wrongType = () =>
    new HttpError(
      400,
      'bad_request',
      `${name}: the content is not a ${fileTypesInWords([ext], 'en')} file`,
      [{ field, message: 'file_content' }],
      'file_content',
      { file: name, extensions: ext },
    );
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(fileError(413, `${name}: larger than ${maxBytes} bytes`, 'too_large'));
      hash.update(chunk);
      archive?.push(chunk);
      if (!head) return done(null, chunk);
      // hold the first bytes back until the type is known: nothing unchecked reaches the store
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFF_BYTES) return done();
      const out = head;
      head = null;
      return contentMatches(type, out) ? done(null, out) : done(wrongType());
    },
    flush(done) {
      if (size === 0) return done(fileError(400, `${name}: the file is empty`, 'empty'));
      if (head && !contentMatches(type, head)) return done(wrongType());
      if (archive) {
        try {
          checkArchive(Buffer.concat(archive));
        } catch (error) {
          return done(archiveError(name, field, error) as Error);
        } finally {
          archive.length = 0;
        }
      }
      return head ? done(null, head) : done();
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Waits until the request's body has been read (the multipart parser goes on reading and skipping
 * the parts past its limit), at most `maxBytes` more or `ms`: past either, the answer goes out with
 * `Connection: close` as before (errors.ts).
 */
function bodyRead(request: FastifyRequest, maxBytes: number, ms: number): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', count).off('end', finish).off('close', finish);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish();
    };
    const timer = setTimeout(finish, ms);
    raw.on('data', count).once('end', finish).once('close', finish);
  });
}

/** The multipart plugin's own refusals, in our envelope with the field at fault. */
const MALFORMED_MULTIPART =
  /^(Multipart: |Unexpected end of (multipart|form)|Malformed (part header|urlencoded form|content)|Boundary not found)/i;

function translateMultipartError(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileError(413, 'file too large', 'too_large');
    case 'FST_FILES_LIMIT':
      return fileError(413, 'too many files in one request', 'too_many');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'payload_too_large', 'too many fields in one request');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return fileError(400, 'send the files as multipart/form-data', 'required');
    default:
      // busboy's own parse errors (no boundary, no closing boundary, a broken part header)
      if (!(error instanceof HttpError) && error instanceof Error && MALFORMED_MULTIPART.test(error.message))
        return fileError(400, 'the multipart body is malformed', 'malformed');
      return error;
  }
}

// starts with a letter or digit: a document type also names a template file (`<type>.docx`)
const DOCUMENT_TYPE = /^[\p{L}\p{N}][\p{L}\p{N}_.-]{0,49}$/u;
export function documentTypeOf(value: string | undefined, field = 'document_type'): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (!DOCUMENT_TYPE.test(text)) throw badRequest(`invalid ${field}`, [{ field, message: 'invalid_format' }]);
  return text;
}

export function ownerIdOf(value: string | number | undefined, field = 'id'): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
    throw badRequest(`invalid ${field}`, [
      { field, message: value === undefined ? 'required' : 'invalid_type' },
    ]);
  return id;
}

export type FileService = ReturnType<typeof createFileService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by registerFileRoutes; other modules attach files to their records with it. */
    fileService: FileService;
  }
}

export function createFileService(db: Db, store: FileStore, config: FilesConfig, log: FastifyBaseLogger) {
  const ownerKindOf = (owner: FileOwner) => owner.ownerKind ?? owner.kind.name;
  /** The live files of one record (`ownerId` left out: of any record of the kind). */
  const liveFilesOf = (owner: FileOwner, ownerId?: number) =>
    and(
      eq(fileUpload.owner_kind, ownerKindOf(owner)),
      ownerId === undefined ? undefined : eq(fileUpload.owner_id, ownerId),
      eq(fileUpload.status, 'O'),
    );

  /** Removes objects already written for a request that is being refused. */
  const discard = async (keys: string[]) => {
    for (const key of keys)
      await store.delete(key).catch((error) => log.warn({ err: error, key }, 'orphan file'));
  };

  async function storePart(part: MultipartFile, owner: FileOwner, extensions?: readonly string[]) {
    const name = cleanFileName(part.filename);
    const type = typeOfName(name, extensions);
    if (!type) {
      part.file.resume();
      throw refusedType(name, part.fieldname || 'file', extensions ?? acceptedExtensions);
    }
    const key = `uploads/${ownerKindOf(owner)}/${new Date().getUTCFullYear()}/${crypto.randomUUID()}`;
    const check = inspector(name, type, config.maxFileBytes, part.fieldname || 'file');
    let failure: unknown;
    // busboy stops at its own limit (one byte past ours) and marks the stream truncated
    part.file.on('limit', () => check.stream.destroy(fileError(413, `${name}: too large`, 'too_large')));
    pipeline(part.file, check.stream, (error) => {
      failure ??= error;
    });
    try {
      await store.put(key, check.stream);
    } catch (error) {
      await discard([key]); // a store that kept a partial object despite failing
      throw failure ?? error;
    }
    return { key, file_name: name, content_type: type.contentType, ...check.result() } satisfies Stored;
  }

  /** 422 when the new files would take the record past its cap of live files (count or bytes). */
  async function checkRecordCap(tx: Tx, owner: FileOwner, ownerId: number, adding: Stored[]) {
    const maxCount = config.maxFilesPerRecord ?? DEFAULT_MAX_FILES_PER_RECORD;
    const maxBytes = config.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
    const [held] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        bytes: sql<string>`coalesce(sum(${fileUpload.size}), 0)::text`,
      })
      .from(fileUpload)
      .where(liveFilesOf(owner, ownerId));
    const count = Number(held?.count ?? 0) + adding.length;
    const bytes = Number(held?.bytes ?? 0) + adding.reduce((sum, f) => sum + f.size, 0);
    if (count > maxCount)
      throw unprocessable(`a record holds at most ${maxCount} files`, 'too_many_files', { max: maxCount });
    if (bytes > maxBytes) {
      const mb = Math.floor(maxBytes / 1024 / 1024);
      throw unprocessable(`a record's files hold at most ${mb} MB`, 'record_files_too_large', { max_mb: mb });
    }
  }

  /** A live file of this owner kind whose owner the user may see, or 404. */
  async function find(tx: Tx, owner: FileOwner, fileId: number, user: CurrentUser, lock = false) {
    const q = tx
      .select()
      .from(fileUpload)
      .where(and(eq(fileUpload.id, fileId), liveFilesOf(owner)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('file');
    await findRecord(tx, owner.kind, row.owner_id, user);
    return row;
  }

  return {
    store,
    config,

    /** Stores every file of a multipart request and records them; answers the new rows. */
    async upload(request: FastifyRequest, user: CurrentUser, owner: FileOwner, opts: UploadOptions = {}) {
      const fields: Record<string, string> = {};
      const stored: Stored[] = [];
      let checkedOwner: number | undefined;
      try {
        const parts = request.parts({
          limits: { fileSize: config.maxFileBytes + 1, files: config.maxFiles, fields: 20, fieldSize: 2000 },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          if (!part.filename) {
            part.file.resume(); // an empty file input of a form
            continue;
          }
          // refuse early when the owner is already known and out of reach: no bytes stored for nothing
          const ownerId = opts.ownerId ?? (fields.id !== undefined ? ownerIdOf(fields.id) : undefined);
          if (ownerId !== undefined && checkedOwner !== ownerId) {
            await findRecord(db, owner.kind, ownerId, user);
            checkedOwner = ownerId;
          }
          stored.push(await storePart(part, owner, opts.extensions));
        }
        if (!stored.length) throw fileError(400, 'no file in the request', 'required');
        const ownerId = opts.ownerId ?? ownerIdOf(fields.id);
        const documentType = documentTypeOf(fields.document_type ?? fields.documentType);
        const rows = await db.transaction(async (tx) => {
          // the owner's row is locked: two uploads at once count one after the other
          await findRecord(tx, owner.kind, ownerId, user, true);
          await checkRecordCap(tx, owner, ownerId, stored);
          const rows = await tx
            .insert(fileUpload)
            .values(
              stored.map((f) => ({
                owner_kind: ownerKindOf(owner),
                owner_id: ownerId,
                document_type: documentType,
                file_name: f.file_name,
                content_type: f.content_type,
                size: f.size,
                sha256: f.sha256,
                storage_key: f.key,
                created_by: user.user_name,
              })),
            )
            .returning();
          for (const row of rows) {
            const changes = {
              file: { old: null, new: row.file_name },
              document_type: { old: null, new: documentType },
            };
            await writeHistory(tx, owner.kind, ownerId, 'file-add', changes, user);
          }
          await opts.afterInsert?.(tx, rows, fields);
          return rows;
        });
        return { files: rows, fields };
      } catch (error) {
        await discard(stored.map((f) => f.key));
        // answer only once the body is read (within bounds): a socket closed while the client is
        // still sending is reset, and the client never reads the answer
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
          await bodyRead(request, config.maxFiles * config.maxFileBytes, 15_000);
        throw translateMultipartError(error);
      }
    },

    /** The owner's live files, oldest first; 404 when the owner is out of the user's scope. */
    async list(owner: FileOwner, ownerId: number, user: CurrentUser, documentType?: string) {
      await findRecord(db, owner.kind, ownerId, user);
      const rows = await db
        .select()
        .from(fileUpload)
        .where(
          and(
            liveFilesOf(owner, ownerId),
            documentType ? eq(fileUpload.document_type, documentType) : undefined,
          ),
        )
        .orderBy(asc(fileUpload.id));
      return rows.map(toFileRecord);
    },

    find,

    /** Streams a file to the client under its original name. */
    async send(reply: FastifyReply, row: FileRow, disposition: 'attachment' | 'inline' = 'attachment') {
      let body: Readable;
      try {
        body = await store.get(row.storage_key);
      } catch (error) {
        if (error instanceof FileNotFoundError) throw notFound('file');
        throw error;
      }
      return reply
        .type(row.content_type)
        .header('content-length', row.size)
        .header('content-disposition', contentDisposition(row.file_name, disposition))
        .header('cache-control', 'private, no-store')
        .header('etag', `"${row.sha256}"`)
        .send(body);
    },

    /**
     * Soft-deletes the row (status D, history on the owner), then removes the object. `beforeRemove`
     * runs first in the same transaction (the owner's own checks, with its row locked).
     */
    async remove(
      owner: FileOwner,
      fileId: number,
      user: CurrentUser,
      opts: { documentType?: string; beforeRemove?: (tx: Tx, ownerId: number) => Promise<void> } = {},
    ) {
      const row = await db.transaction(async (tx) => {
        const row = await find(tx, owner, fileId, user, true);
        if (opts.documentType && row.document_type !== opts.documentType) throw notFound('file');
        await opts.beforeRemove?.(tx, row.owner_id);
        await tx.update(fileUpload).set({ status: 'D' }).where(eq(fileUpload.id, row.id));
        const changes = {
          file: { old: row.file_name, new: null },
          document_type: { old: row.document_type, new: null },
        };
        await writeHistory(tx, owner.kind, row.owner_id, 'file-remove', changes, user);
        return row;
      });
      // after the commit: a failed removal leaves an unreachable object, never a row without bytes
      await discard([row.storage_key]);
      return toFileRecord({ ...row, status: 'D' });
    },
  };
}
