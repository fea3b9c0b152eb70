/**
 * Who used the cores during a load, from Linux's /proc (throughput.ts): the server processes, the
 * proxy, this process (autocannon), PostgreSQL (postmaster and backends), and the rest of the
 * machine (other work running beside the bench). On a 2-core machine the split says whether a
 * figure is bound by the server, the load generator or the database, or was squeezed by others.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** /proc times are in clock ticks of 10 ms (CLK_TCK 100). */
const TICK_MS = 10;

/**
 * A process's /proc/PID/stat fields after the command's closing parenthesis (index 0 is field 3,
 * the state; 1 the parent; 11 to 14 utime, stime, cutime, cstime), or none when it has gone.
 */
function stat(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text
      .slice(text.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU milliseconds of a process; with `reaped`, also of its children it has waited for. */
function processCpuMs(pid: number, reaped = false): number {
  const f = stat(pid);
  return ((f[11] ?? 0) + (f[12] ?? 0) + (reaped ? (f[13] ?? 0) + (f[14] ?? 0) : 0)) * TICK_MS;
}

const processes = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** The postmaster listening on `port`, found by its command line. */
export function postmasterOn(port: number): number | undefined {
  return processes().find((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args[0]?.endsWith('/postgres') && args[args.indexOf('-p') + 1] === String(port);
    } catch {
      return false;
    }
  });
}

/** The postmaster and its backends; a backend that has ended counts in the postmaster's reaped time. */
const postgresCpuMs = (postmaster: number | undefined) =>
  postmaster === undefined
    ? 0
    : processCpuMs(postmaster, true) +
      processes()
        .filter((pid) => stat(pid)[1] === postmaster)
        .reduce((sum, pid) => sum + processCpuMs(pid), 0);

/** Busy milliseconds of every core together (/proc/stat: all but idle and iowait). */
function machineCpuMs(): number {
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = (
    readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  )
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
}

/** The processes a load's figures are split over, by process ID. */
export interface CpuGroups {
  servers: number[];
  proxy?: number | undefined;
  /** PostgreSQL's postmaster: its backends count with it. */
  postmaster?: number | undefined;
}

/** Percent of one core (the machine has 100 % per core) over a load. */
export interface CpuShare {
  servers: number;
  proxy: number;
  autocannon: number;
  postgres: number;
  rest: number;
}

/** CPU used so far by each group, this process (the load generator) and the whole machine. */
export function cpuSnapshot(of: CpuGroups) {
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    servers: of.servers.reduce((sum, pid) => sum + processCpuMs(pid), 0),
    proxy: of.proxy ? processCpuMs(of.proxy) : 0,
    autocannon: (own.user + own.system) / 1000,
    postgres: postgresCpuMs(of.postmaster),
    machine: machineCpuMs(),
  };
}

/** Each group's share between two snapshots; the rest of the machine is what none of them used. */
export function cpuShare(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>): CpuShare {
  const wall = after.at - before.at;
  const pct = (key: Exclude<keyof typeof before, 'at'>) => (100 * (after[key] - before[key])) / wall;
  const share = {
    servers: pct('servers'),
    proxy: pct('proxy'),
    autocannon: pct('autocannon'),
    postgres: pct('postgres'),
  };
  const rest = pct('machine') - share.servers - share.proxy - share.autocannon - share.postgres;
  return { ...share, rest: Math.max(0, rest) };
}
