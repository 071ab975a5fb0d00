// `npm start`: builds the web app if it has not been built yet, bundles the server (under a second),
// then runs it in this process, so signals reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (
  existsSync(`${root}web/package.json`) &&
  !existsSync(`${root}web/dist/index.html`) &&
  !process.env.SKIP_WEB_BUILD
) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('SitePay cannot start: the web app failed to build (see above)');
    process.exit(1);
  }
}
try {
  await buildServer();
} catch {
  console.error('SitePay cannot start: the server failed to build (see above)');
  process.exit(1);
}
// Source maps are not loaded: parsed, the bundle's map holds about 20 MB for the server's life
// (docs/adr/0026-one-bundle-packages-on-first-use.md). Stack traces name the bundle's lines, each module
// marked with its source file's path; `NODE_OPTIONS=--enable-source-maps npm start` names the TypeScript
// lines instead.
await import('../server/dist/main.mjs');
