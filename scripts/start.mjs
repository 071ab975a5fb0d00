// `npm start`: builds the web app if it has not been built yet, then runs the server in this
// process (TypeScript through tsx), so signals reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
if (existsSync(`${root}web/package.json`) && !existsSync(`${root}web/dist/index.html`) && !process.env.SKIP_WEB_BUILD) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('SitePay cannot start: the web app failed to build (see above)');
    process.exit(1);
  }
}
register();
await import('../server/src/main.ts');
