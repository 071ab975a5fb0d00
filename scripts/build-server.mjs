// Bundles the server into server/dist/main.mjs with esbuild: plain Node runs it, without tsx
// compiling TypeScript in the process (about 75 MB less memory;
// docs/adr/0026-one-bundle-packages-on-first-use.md). Packages stay external (node_modules), except the
// workspace's own @sitepay/domain sources.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(`${root}server/package.json`, 'utf8'));

export async function buildServer() {
  const { outputFiles } = await build({
    write: false,
    entryPoints: [`${root}server/src/main.ts`],
    outfile: `${root}server/dist/main.mjs`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: Object.keys(dependencies).filter((name) => name !== '@sitepay/domain'),
    logLevel: 'warning',
  });
  // Several servers may start at once (tests): each file appears whole, by rename, never half-written.
  for (const file of outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
