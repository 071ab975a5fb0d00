/**
 * Where a server's CPU time goes, from a V8 CPU profile (`node --cpu-prof`, written when the
 * process exits): self time by origin — each source file of ours (the bundle server/dist/main.mjs
 * is mapped back through the `// server/src/…` comments esbuild puts before each module), each
 * package under node_modules, Node's internals, the garbage collector — and by function.
 */
import fs from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
};
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type ProfileSummary = {
  /** Sampled milliseconds, idle excluded. */
  busyMs: number;
  byOrigin: { origin: string; ms: number; pct: number }[];
  byFunction: { fn: string; origin: string; ms: number; pct: number }[];
};

/** Line (0-based) → the source file esbuild bundled there. */
function bundleMap(bundlePath: string): (line: number) => string {
  const marks: [number, string][] = [];
  if (fs.existsSync(bundlePath)) {
    const lines = fs.readFileSync(bundlePath, 'utf8').split('\n');
    for (const [i, text] of lines.entries()) {
      const m = /^\/\/ ((?:server|domain)\/src\/\S+|\.\.\/\S+)$/.exec(text);
      if (m) marks.push([i, m[1]!]);
    }
  }
  return (line) => {
    let lo = 0;
    let hi = marks.length - 1;
    let found = 'server/dist/main.mjs';
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (marks[mid]![0] <= line) {
        found = marks[mid]![1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

function originOf(url: string, line: number, bundle: (line: number) => string, fn: string): string {
  if (!url) return fn || '(native)'; // (garbage collector), (program), (idle)
  if (url.startsWith('node:')) return 'node internals';
  if (url.startsWith('wasm://')) return 'PGlite (PostgreSQL in wasm)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.endsWith('/server/dist/main.mjs')) return bundle(line);
  return url.replace(/^file:\/\//, '');
}

/** Where a sampled frame's code came from, and the name its function is listed under. */
export type FrameOrigin = (frame: ProfileNode['callFrame']) => { origin: string; where: string };

/**
 * Self time by origin and by function of a V8 CPU profile. `skipMs`: the first milliseconds of the
 * profile (start-up, sign-in) are left out.
 */
export function summarizeSamples(
  profile: CpuProfile,
  originOf: FrameOrigin,
  skipMs = 0,
  top = 25,
): ProfileSummary {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  // timeDeltas[i + 1] is the time until the next sample: the time spent where sample i was taken
  let elapsedUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    elapsedUs += profile.timeDeltas[i] ?? 0;
    if (elapsedUs < skipMs * 1000) continue;
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const byOrigin = new Map<string, number>();
  const byFunction = new Map<string, { origin: string; us: number }>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += us;
    const { origin, where } = originOf(frame);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + us);
    const key = `${frame.functionName || '(anonymous)'} ${where}`;
    const f = byFunction.get(key) ?? { origin, us: 0 };
    f.us += us;
    byFunction.set(key, f);
  }
  const pct = (us: number) => Math.round((us / Math.max(1, busy)) * 1000) / 10;
  return {
    busyMs: Math.round(busy / 1000),
    byOrigin: [...byOrigin]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([origin, us]) => ({ origin, ms: Math.round(us / 1000), pct: pct(us) })),
    byFunction: [...byFunction]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, top)
      .map(([fn, f]) => ({ fn, origin: f.origin, ms: Math.round(f.us / 1000), pct: pct(f.us) })),
  };
}

/** A server's profile file (`node --cpu-prof`), its bundle mapped back to our sources. */
export function summarizeProfile(file: string, bundlePath: string, skipMs = 0, top = 25): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const bundle = bundleMap(bundlePath);
  return summarizeSamples(
    profile,
    ({ url, lineNumber, functionName }) => {
      const origin = originOf(url, lineNumber, bundle, functionName);
      return { origin, where: `${origin}:${lineNumber + 1}` };
    },
    skipMs,
    top,
  );
}
