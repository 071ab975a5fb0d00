/**
 * The module rules (ARCHITECTURE.md), checked on the import graph with dependency-cruiser: a
 * module's routes file is its own — what other modules use lives in its service or resource file,
 * or in server/src/core — and neither the server nor the web app has an import circle (type-only
 * imports and dynamic imports count: a circle of either still ties two files into one).
 */
import { fileURLToPath } from 'node:url';
import { cruise, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The violations of the rules in `paths`, one line each: `rule: from → to (circle)`. */
async function violations(paths: string[]): Promise<string[]> {
  const result = await cruise(paths, {
    baseDir: root,
    validate: true,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|\\.test\\.tsx?$' },
    ruleSet: {
      forbidden: [
        { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
        {
          name: 'no-foreign-routes',
          comment: 'a module uses another through its service or resource file, never its routes file',
          severity: 'error',
          from: { path: '^server/src/modules/([^/]+)/' },
          to: {
            path: '^server/src/modules/([^/]+)/[^/]+\\.routes\\.ts$',
            pathNot: '^server/src/modules/$1/',
          },
        },
      ],
    },
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text');
  return result.output.summary.violations.map(
    (v: IViolation) =>
      `${v.rule.name}: ${v.from} → ${v.to}${v.cycle?.length ? ` (${v.cycle.map((c) => (typeof c === 'string' ? c : c.name)).join(' → ')})` : ''}`,
  );
}

describe('module boundaries', () => {
  it('no server module imports another module’s routes file, and the server has no import circle', async () => {
    expect(await violations(['server/src'])).toEqual([]);
  });

  it('the web app has no import circle', async () => {
    expect(await violations(['web/src'])).toEqual([]);
  });
});
