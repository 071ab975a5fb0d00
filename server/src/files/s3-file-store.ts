/**
 * The S3-compatible FileStore (AWS S3, MinIO, s3rver in tests): chosen by FILE_STORE=s3 and
 * loaded only then — the SDK by dynamic imports here, since the server's bundle hoists a bundled
 * module's static imports of packages to its top (the SDK is about 25 MB of a process). Uploads go through lib-storage, which needs no length in advance (the size
 * of an upload is known only at its end) and aborts a multipart upload that fails part-way.
 */
import type { Readable } from 'node:stream';
import { checkKey, FileNotFoundError, type FileStore, type FileStoreConfig } from './file-store.ts';

export async function s3FileStore(config: Extract<FileStoreConfig, { kind: 's3' }>): Promise<FileStore> {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const missing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const Bucket = config.bucket;

  return {
    async put(key, stream) {
      await new Upload({ client, params: { Bucket, Key: checkKey(key), Body: stream } }).done();
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!res.Body) throw new FileNotFoundError(key);
        return res.Body as Readable;
      } catch (error) {
        if (missing(error)) throw new FileNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async stat(key) {
      const Key = checkKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return 'file';
      } catch (error) {
        if (!missing(error)) throw error;
      }
      const list = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${Key}/`, MaxKeys: 1 }));
      return (list.KeyCount ?? 0) > 0 ? 'folder' : null;
    },
  };
}
