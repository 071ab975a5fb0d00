/**
 * CPU accounting from /proc (Linux), because bench machines are often shared: how busy the whole
 * machine is, how much of that is this bench (this process and its descendants), PostgreSQL
 * (postgres, pgbench) and everything else. Each measured run records the "other" load beside its
 * figures, and run.ts waits (bounded) for a quiet machine before each run.
 */
import fs from 'node:fs';
import os from 'node:os';

const TICKS = 100; // USER_HZ on Linux

type Proc = { ppid: number; comm: string; ticks: number };

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

function processes(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const rest = stat.slice(close + 2).split(' ');
      // utime + stime; for this process also cutime + cstime: the children it has waited for
      const children = Number(entry) === process.pid ? Number(rest[13]) + Number(rest[14]) : 0;
      procs.set(Number(entry), {
        ppid: Number(rest[1]),
        comm,
        ticks: Number(rest[11]) + Number(rest[12]) + children,
      });
    } catch {
      // gone meanwhile
    }
  }
  return procs;
}

const isMine = (procs: Map<number, Proc>, pid: number) => {
  for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
    if (p === process.pid) return true;
    p = procs.get(p)?.ppid ?? 0;
  }
  return false;
};

export type CpuUsage = { busyCores: number; benchCores: number; postgresCores: number; otherCores: number };

/**
 * Samples /proc every 500 ms while a run goes on, so that processes living shorter than the run
 * (PostgreSQL backends of pgbench's connections) are counted up to their last sample.
 */
export function cpuMeter() {
  if (!fs.existsSync('/proc/stat')) return { stop: async (): Promise<CpuUsage | null> => null };
  const startedAt = Date.now();
  const m0 = machine();
  const last = new Map<number, number>();
  let own = 0;
  let db = 0;
  const sample = (first: boolean) => {
    const procs = processes();
    for (const [pid, p] of procs) {
      const delta = p.ticks - (last.get(pid) ?? p.ticks);
      last.set(pid, p.ticks);
      if (first || delta <= 0) continue;
      if (isMine(procs, pid)) own += delta;
      else if (p.comm === 'postgres' || p.comm === 'pgbench') db += delta;
    }
    // a process first seen now started during the run: count what it used so far
    if (!first) {
      for (const [pid, p] of procs)
        if (!seen.has(pid)) {
          seen.add(pid);
          if (isMine(procs, pid)) own += p.ticks;
          else if (p.comm === 'postgres' || p.comm === 'pgbench') db += p.ticks;
        }
    }
  };
  const seen = new Set<number>();
  sample(true);
  for (const pid of last.keys()) seen.add(pid);
  const timer = setInterval(() => sample(false), 500);
  return {
    async stop(): Promise<CpuUsage | null> {
      clearInterval(timer);
      sample(false);
      const m1 = machine();
      const seconds = Math.max(0.001, (Date.now() - startedAt) / 1000);
      const busyCores = (1 - (m1.idle - m0.idle) / Math.max(1, m1.total - m0.total)) * os.cpus().length;
      const round = (n: number) => Math.round(n * 100) / 100;
      const benchCores = own / TICKS / seconds;
      const postgresCores = db / TICKS / seconds;
      return {
        busyCores: round(busyCores),
        benchCores: round(benchCores),
        postgresCores: round(postgresCores),
        // what neither this bench nor PostgreSQL used: other people's work on a shared machine
        otherCores: round(Math.max(0, busyCores - benchCores - postgresCores)),
      };
    },
  };
}

/** Busy cores over one second. */
async function busyOverOneSecond(): Promise<number | null> {
  if (!fs.existsSync('/proc/stat')) return null;
  const a = machine();
  await new Promise((r) => setTimeout(r, 1000));
  const b = machine();
  return (1 - (b.idle - a.idle) / Math.max(1, b.total - a.total)) * os.cpus().length;
}

/** Waits (at most maxSeconds) until the machine is quiet: less than `threshold` cores busy over 1 s. */
export async function waitQuiet(
  maxSeconds: number,
  threshold = 0.25,
): Promise<{ waitedS: number; busyCores: number | null }> {
  const start = Date.now();
  let busy: number | null = null;
  while (Date.now() - start < maxSeconds * 1000) {
    busy = await busyOverOneSecond();
    if (busy === null || busy < threshold) break;
  }
  return {
    waitedS: Math.round((Date.now() - start) / 1000),
    busyCores: busy === null ? null : Math.round(busy * 100) / 100,
  };
}
