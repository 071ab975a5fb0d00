import { loadChunk } from './lazy.ts';
import { PageLoading } from './pages/page-loading.tsx';

/** A route whose page is a lazily loaded chunk's export `name`, with the loading screen meanwhile. */
export const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await loadChunk(load))[name] }),
  hydrateFallbackElement: <PageLoading />,
});
