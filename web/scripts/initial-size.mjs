// Gzipped size of the JS a first visit loads before any route's own chunk: the entry script and
// every chunk it imports statically (the budget of docs/product.md#performance-budgets: 300 KB). Run after
// `vite build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');
const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // static imports only: `import ... from "./x.js"` / `import "./x.js"`, not `import("./x.js")`
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    visit(join('assets', m[1]));
  }
};
visit(entry);
let total = 0;
for (const file of seen) {
  const gz = gzipSync(readFileSync(join(dist, file))).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`${kb.toFixed(1).padStart(8)} KB  initial JS (gzipped), budget 300 KB`);
if (kb > 300) process.exitCode = 1;
