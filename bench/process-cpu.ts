// CPU time of a process tree from /proc (Linux): the Arbor server, its process host, and what the
// host started (claude CLIs, git). A child that exits is counted in its parent's cutime/cstime once
// reaped, so short-lived CLIs are not lost between two readings.
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime: the process's own CPU. */
  ownTicks: number;
  /** cutime + cstime: its reaped children's. */
  childTicks: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: fields start after the last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const at = (index: number) => Number(fields[index - 3]);
    return { pid, ppid: at(4), ownTicks: at(14) + at(15), childTicks: at(16) + at(17) };
  } catch {
    return null;
  }
}

function allStats(): ProcStat[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== null);
}

/** CPU seconds so far: the server and its process host (Arbor), and every process they started (children). */
export interface TreeCpu {
  arborSeconds: number;
  /** The server's share of arborSeconds (the rest is its process host's). */
  serverSeconds: number;
  childrenSeconds: number;
}

/**
 * Reads the tree under `serverPid`: Arbor is the server plus its direct Node children (the process
 * host); everything below the process host, live or reaped, is its children's.
 */
export function readTreeCpu(serverPid: number): TreeCpu {
  const stats = allStats();
  const byParent = new Map<number, ProcStat[]>();
  for (const stat of stats) byParent.set(stat.ppid, [...(byParent.get(stat.ppid) ?? []), stat]);
  const server = stats.find((stat) => stat.pid === serverPid);
  if (!server) return { arborSeconds: 0, serverSeconds: 0, childrenSeconds: 0 };
  const hosts = byParent.get(serverPid) ?? [];
  let arbor = server.ownTicks;
  let children = 0;
  for (const host of hosts) {
    arbor += host.ownTicks;
    children += host.childTicks;
    const stack = [...(byParent.get(host.pid) ?? [])];
    while (stack.length > 0) {
      const stat = stack.pop()!;
      children += stat.ownTicks + stat.childTicks;
      stack.push(...(byParent.get(stat.pid) ?? []));
    }
  }
  // The server's own reaped children (hosts that exited) are counted with the children.
  children += server.childTicks;
  return {
    arborSeconds: arbor / TICKS_PER_SECOND,
    serverSeconds: server.ownTicks / TICKS_PER_SECOND,
    childrenSeconds: children / TICKS_PER_SECOND,
  };
}
