/**
 * CPU accounting from /proc (Linux), because bench machines are often shared: how busy the whole
 * machine is, how much of that is this bench (this process and its descendants), PostgreSQL
 * (postgres, pgbench) and everything else. Each measured run records the "other" load beside its
 * figures, and run.ts waits (bounded) for a quiet machine before each run.
 */
import fs from 'node:fs';
import os from 'node:os';

const TICKS = 100; // USER_HZ on Linux

export type CpuSnapshot = { at: number; total: number; idle: number; own: number; db: number };

function machine() {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { total, idle: (fields[3] ?? 0) + (fields[4] ?? 0) };
}

export function snapshot(): CpuSnapshot | null {
  if (!fs.existsSync('/proc/stat')) return null;
  const procs = new Map<number, { ppid: number; comm: string; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const rest = stat.slice(close + 2).split(' ');
      procs.set(Number(entry), { ppid: Number(rest[1]), comm, ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const mine = (pid: number) => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
      if (p === process.pid) return true;
      p = procs.get(p)?.ppid ?? 0;
    }
    return false;
  };
  let own = 0;
  let db = 0;
  for (const [pid, p] of procs) {
    if (mine(pid)) own += p.ticks;
    else if (p.comm === 'postgres' || p.comm === 'pgbench') db += p.ticks;
  }
  return { at: Date.now(), ...machine(), own, db };
}

/** Cores used between two snapshots: by this bench, by PostgreSQL, by everything else. */
export function usage(a: CpuSnapshot | null, b: CpuSnapshot | null) {
  if (!a || !b) return null;
  const seconds = Math.max(0.001, (b.at - a.at) / 1000);
  const busyShare = 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
  const busyCores = busyShare * os.cpus().length;
  const ownCores = (b.own - a.own) / TICKS / seconds;
  const dbCores = (b.db - a.db) / TICKS / seconds;
  const round = (n: number) => Math.round(n * 100) / 100;
  // Processes that started and ended between the snapshots count as "other", as they should.
  return {
    busyCores: round(busyCores),
    benchCores: round(ownCores),
    postgresCores: round(dbCores),
    otherCores: round(Math.max(0, busyCores - ownCores - dbCores)),
  };
}

/** Waits (at most maxSeconds) until the machine is quiet: less than `threshold` cores busy over 1 s. */
export async function waitQuiet(
  maxSeconds: number,
  threshold = 0.25,
): Promise<{ waitedS: number; busyCores: number | null }> {
  const start = Date.now();
  let busy: number | null = null;
  while (Date.now() - start < maxSeconds * 1000) {
    const a = snapshot();
    await new Promise((r) => setTimeout(r, 1000));
    busy = usage(a, snapshot())?.busyCores ?? null;
    if (busy === null || busy < threshold) break;
  }
  return { waitedS: Math.round((Date.now() - start) / 1000), busyCores: busy };
}
