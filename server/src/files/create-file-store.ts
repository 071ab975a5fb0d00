/**
 * The store a configuration names: the local folder, or an S3-compatible bucket whose module (and
 * SDK) is loaded on first use. Apart from file-store.ts, so that the S3 store, which implements its
 * contract, is not imported by the module it imports.
 */
import { type FileStore, type FileStoreConfig, localFileStore } from './file-store.ts';

export function createFileStore(config: FileStoreConfig): FileStore {
  if (config.kind === 'local') return localFileStore(config.root);
  // Loaded on first use, not at start: the SDK is large and warns on Node 20 when loaded.
  let loading: Promise<FileStore> | undefined;
  const s3 = () => {
    loading ??= import('./s3-file-store.ts').then((m) => m.s3FileStore(config));
    return loading;
  };
  return {
    put: async (key, stream) => (await s3()).put(key, stream),
    get: async (key) => (await s3()).get(key),
    delete: async (key) => (await s3()).delete(key),
    stat: async (key) => (await s3()).stat(key),
  };
}
