import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: Vitest drives Debian's Chromium through playwright-core, against the real server
// that scripts/e2e.mjs starts (E2E_BASE_URL). One file at a time: they share one server.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // the UI answers after a request or two: poll for up to 10 s
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
