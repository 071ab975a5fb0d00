/**
 * Every reference to the project's docs resolves inside the repository. The requirements are
 * restated in docs/product.md, so the code and the docs cite it (and the decision records), never
 * the outside specification documents; a cited file must exist, and a cited `#anchor` must be a
 * heading of that file (GitHub's slugs); a relative link in a markdown file must land too.
 * Reads the tracked files (and new ones git does not ignore) as text; no server.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const self = 'server/test/docs-references.test.ts';

/** Files read as text; lock files and migration snapshots are data, not prose. */
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sql|json|ya?ml|sh|html|css)$/;
const SKIPPED = [/^package-lock\.json$/, /^server\/src\/db\/migrations\/meta\//, /(^|\/)node_modules\//];
const NOT_WALKED = new Set([
  'node_modules',
  'dist',
  '.git',
  '.tmp',
  'data',
  'coverage',
  'screenshots',
  'backups',
]);

/** The repository's files: git's list, or (outside a git checkout) a walk that skips build output. */
function repositoryFiles(): string[] {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter(Boolean);
  } catch {
    files = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!NOT_WALKED.has(entry.name) && rel !== 'bench/out') walk(rel);
        } else files.push(rel);
      }
    };
    walk('');
  }
  return files
    .filter((f) => (TEXT.test(f) || f === '.ci/run') && !SKIPPED.some((r) => r.test(f)) && f !== self)
    .filter((f) => fs.existsSync(path.join(root, f)));
}

/** GitHub's anchor of a heading: its text lower-cased, punctuation dropped, spaces as hyphens. */
export function slugOf(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text only
    .replace(/[`*]/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a markdown text's headings make (outside code fences), repeats numbered as GitHub does. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = slugOf(m[1]!);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

type Reference = { from: string; line: number; target: string };

/** `docs/….md`, `ARCHITECTURE.md`, `CONTRIBUTING.md` (each with an optional `#anchor`) in any text. */
const CITED = /(?<![\w./-])((?:docs\/[\w./-]+?\.md|ARCHITECTURE\.md|CONTRIBUTING\.md)(?:#[\w-]+)?)/g;
/** Relative links of markdown: `](target)`, not a URL. */
const LINKED = /\]\(([^)\s]+)\)/g;

export function citations(file: string, text: string): Reference[] {
  const found: Reference[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(CITED)) found.push({ from: file, line: i + 1, target: m[1]! });
  });
  return found;
}

export function markdownLinks(file: string, text: string): Reference[] {
  const found: Reference[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const m of line.matchAll(LINKED)) {
      const link = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // http:, https:, mailto:
      const [target = '', anchor] = link.split('#');
      const resolved = target
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
        : file;
      found.push({
        from: file,
        line: i + 1,
        target: anchor === undefined ? resolved : `${resolved}#${anchor}`,
      });
    }
  });
  return found;
}

/** What is wrong with a reference (a missing file, a missing heading), or null when it resolves. */
export function problemOf(target: string, read: (file: string) => string | null): string | null {
  const [file = '', anchor] = target.split('#');
  const text = read(file.replace(/\/$/, ''));
  if (text === null) return 'no such file';
  if (anchor === undefined || anchor === '') return null;
  return anchorsOf(text).has(anchor) ? null : `no heading #${anchor}`;
}

const readRepositoryFile = (file: string): string | null => {
  const full = path.join(root, file);
  if (!fs.existsSync(full)) return null;
  return fs.statSync(full).isDirectory() ? '' : fs.readFileSync(full, 'utf8');
};

const files = repositoryFiles();
const texts = new Map(files.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
const broken = (refs: Reference[]) =>
  refs
    .map((r) => ({ ...r, problem: problemOf(r.target, readRepositoryFile) }))
    .filter((r) => r.problem !== null)
    .map((r) => `${r.from}:${r.line}: ${r.target} (${r.problem})`);

describe('references to the docs', () => {
  it('reads the repository', () => {
    expect(files).toContain('docs/product.md');
    expect(files).toContain('server/src/app.ts');
  });

  it('the code and the docs cite docs/product.md, not the outside specification documents', () => {
    const outside = /\b(DESIGN|SPEC)\.md\b/;
    const allowed = new Set(['README.md', 'docs/product.md']);
    const offenders: string[] = [];
    for (const [file, text] of texts) {
      if (allowed.has(file)) continue;
      text.split('\n').forEach((line, i) => {
        if (outside.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('every docs/….md, ARCHITECTURE.md and CONTRIBUTING.md cited exists, with the heading its anchor names', () => {
    const refs = [...texts].flatMap(([file, text]) => citations(file, text));
    expect(refs.length).toBeGreaterThan(100);
    expect(broken(refs)).toEqual([]);
  });

  it('every relative link of the markdown files lands on a file, and on a heading when it names one', () => {
    const refs = [...texts].filter(([file]) => file.endsWith('.md')).flatMap(([f, t]) => markdownLinks(f, t));
    expect(refs.length).toBeGreaterThan(100);
    expect(broken(refs)).toEqual([]);
  });

  it('a reference to a missing file or heading is reported', () => {
    const docs: Record<string, string> = {
      'docs/a.md': '# Title\n\n## API conventions\n\n```sh\n# not a heading\n```\n\n## API conventions\n',
    };
    const read = (file: string) => docs[file] ?? null;
    const refs = citations(
      'x.ts',
      '// docs/a.md#api-conventions docs/a.md#api-conventions-1 docs/b.md docs/a.md#not-a-heading docs/a.md#nope',
    );
    expect(refs.map((r) => problemOf(r.target, read))).toEqual([
      null,
      null,
      'no such file',
      'no heading #not-a-heading',
      'no heading #nope',
    ]);
    expect(slugOf('Lists: `bench/run.ts`')).toBe('lists-benchrunts');
    expect(slugOf('E-mail configuration')).toBe('e-mail-configuration');
    expect(slugOf('Roles, groups and privileges')).toBe('roles-groups-and-privileges');
    expect(markdownLinks('docs/adr/README.md', 'see [x](0001-a.md#context) and [p](../product.md)')).toEqual([
      { from: 'docs/adr/README.md', line: 1, target: 'docs/adr/0001-a.md#context' },
      { from: 'docs/adr/README.md', line: 1, target: 'docs/product.md' },
    ]);
  });
});
