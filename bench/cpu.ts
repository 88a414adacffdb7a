// Where the processor time of a measured stretch went, read from Linux's /proc: the server's
// process, the PostgreSQL backends serving one database, this process (the clients) and the
// machine as a whole, so that a figure says whether the cores were full or the work waited.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's counters (`getconf CLK_TCK`, 100 where it cannot be asked). */
const TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's user and system time in seconds; 0 when it is gone or there is no /proc. */
export function seconds(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** The pids of PostgreSQL's backends connected to `database` (their title names it). */
function backendsOf(database: string): string[] {
  const out: string[] = [];
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      if (title.startsWith("postgres:") && title.split(" ").includes(database)) out.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The machine's busy and total time across all cores, in seconds. */
function machine(): { busy: number; total: number; cores: number } {
  try {
    const lines = readFileSync("/proc/stat", "utf8").split("\n");
    const all = lines[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (all[3] ?? 0) + (all[4] ?? 0);
    const total = all.reduce((s, v) => s + v, 0);
    return { busy: (total - idle) / TICKS, total: total / TICKS, cores: lines.filter((l) => /^cpu\d+ /.test(l)).length };
  } catch {
    return { busy: 0, total: 0, cores: 0 };
  }
}

export interface CpuMark {
  at: number;
  server: number;
  backends: Map<string, number>;
  self: NodeJS.CpuUsage;
  machine: ReturnType<typeof machine>;
}

/** The counters now, for the server's `serverPid` and the backends of `database`. */
export function cpuMark(serverPid: number, database: string): CpuMark {
  return {
    at: performance.now(),
    server: seconds(serverPid),
    backends: new Map(backendsOf(database).map((pid) => [pid, seconds(pid)])),
    self: process.cpuUsage(),
    machine: machine(),
  };
}

/**
 * The share of one core each side used between two marks, and how busy the machine was:
 * "server 78%, PostgreSQL 52%, clients 14% of a core; machine 71% busy (2 cores)".
 */
export function cpuBetween(a: CpuMark, b: CpuMark): string {
  const wall = (b.at - a.at) / 1000;
  if (wall <= 0 || !b.machine.total) return "no processor figures (no /proc)";
  let pg = 0;
  // A backend opened within the stretch counts from its start.
  for (const [pid, s] of b.backends) pg += s - (a.backends.get(pid) ?? 0);
  const self = process.cpuUsage(a.self);
  const core = (s: number) => `${Math.round((100 * s) / wall)}%`;
  const busy = (b.machine.busy - a.machine.busy) / (b.machine.total - a.machine.total);
  return (
    `server ${core(b.server - a.server)}, PostgreSQL ${core(pg)} (its backends for this database), ` +
    `clients ${core((self.user + self.system) / 1e6)} of a core; machine ${Math.round(100 * busy)}% busy (${b.machine.cores} cores)`
  );
}
