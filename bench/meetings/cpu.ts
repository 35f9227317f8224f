import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Kernel clock ticks per second, the unit of utime and stime in /proc/<pid>/stat. */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  parent: number;
  /** utime + stime, in ticks. */
  cpuTicks: number;
}

/** Every process's parent and CPU time, from /proc/<pid>/stat. */
function readAll(): Map<number, ProcStat> {
  const all = new Map<number, ProcStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (field 2) may contain spaces; the fields after its ")" are fixed:
      // state(3) ppid(4) … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(entry), { parent: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while we looked.
    }
  }
  return all;
}

/** The descendants of `root` (not `root` itself), skipping the subtrees of `exclude`. */
function descendants(all: Map<number, ProcStat>, root: number, exclude: number[]): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, { parent }] of all) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const found: number[] = [];
  for (const queue = [...(children.get(root) ?? [])]; queue.length > 0; ) {
    const pid = queue.pop()!;
    if (exclude.includes(pid)) continue;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

export interface CpuSnapshot {
  /** CPU seconds per process: the descendants of `root` outside the excluded trees. */
  browser: Map<number, number>;
  /** CPU seconds per process of the excluded trees (the server). */
  excluded: Map<number, number>;
  at: number;
}

/** CPU seconds used so far by each descendant of `root` (leaving out the trees of `exclude`) and by each process of those trees. */
export function cpuSnapshot(root: number, exclude: number[]): CpuSnapshot {
  const all = readAll();
  const seconds = (pids: number[]) => new Map(pids.map((pid) => [pid, (all.get(pid)?.cpuTicks ?? 0) / ticksPerSecond]));
  return {
    browser: seconds(descendants(all, root, exclude)),
    excluded: seconds(exclude.flatMap((pid) => [pid, ...descendants(all, pid, [])])),
    at: performance.now(),
  };
}

/** CPU seconds used between two readings, per process; one that ended in between takes its time with it. */
const usedBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((total, [pid, seconds]) => total + seconds - (before.get(pid) ?? 0), 0);

/** Percent of one core used between two snapshots by the browser's processes and by the excluded ones. */
export function cpuPercent(before: CpuSnapshot, after: CpuSnapshot): { browser: number; excluded: number } {
  const window = (after.at - before.at) / 1000;
  return {
    browser: (usedBetween(before.browser, after.browser) / window) * 100,
    excluded: (usedBetween(before.excluded, after.excluded) / window) * 100,
  };
}
