import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The build time is fixed once per build: the footer shows it and build-info.json carries it, so the
// server can answer /api/version with the build it serves (the update banner compares the two).
const buildTime = new Date().toISOString();
const appVersion = '1.0.0';
// Where `npm run dev` (and `vite preview`) send /api: the local server by default.
const apiTarget = process.env.SITEPAY_API ?? 'http://127.0.0.1:8080';

const buildInfo = (): Plugin => ({
  name: 'sitepay-build-info',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'build-info.json',
      source: `${JSON.stringify({ app_version: appVersion, last_build_time: buildTime })}\n`,
    });
  },
});

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), buildInfo()],
  define: {
    __BUILD_TIME__: JSON.stringify(buildTime),
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
