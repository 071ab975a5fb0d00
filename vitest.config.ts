import { defineConfig } from 'vitest/config';

// One runner for the whole repository; each workspace is a project.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts', 'server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'web-unit',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          passWithNoTests: true,
        },
      },
    ],
  },
});
