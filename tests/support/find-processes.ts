import { readdirSync, readFileSync, readlinkSync } from "node:fs";

interface ProcessEntry {
  pid: number;
  cmdline: string;
}

/** Live (non-zombie) processes for which `matches(pid, ppid)` holds (Linux /proc). */
function findProcesses(matches: (pid: string, parentPid: number) => boolean): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name: state, ppid, ...
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state === "Z" || !matches(entry, Number(ppid))) continue;
      found.push({
        pid: Number(entry),
        cmdline: readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim(),
      });
    } catch {
      // The process exited while we looked, or belongs to another user: not ours.
      continue;
    }
  }
  return found;
}

/** Live processes whose working directory is `dir`. */
export function findProcessesInDir(dir: string): ProcessEntry[] {
  return findProcesses((pid) => readlinkSync(`/proc/${pid}/cwd`) === dir);
}

/** Live child processes of `parentPid`. */
function findChildProcesses(parentPid: number): ProcessEntry[] {
  return findProcesses((_pid, ppid) => ppid === parentPid);
}

/**
 * The process host forked by `parentPid`, if it runs: the build's bundle of it (`<build>/arbor/process-host.mjs`)
 * or, from the sources, server/process-host/entry.mjs.
 */
export function findProcessHosts(parentPid: number): ProcessEntry[] {
  return findChildProcesses(parentPid).filter((child) => /process-host(\/entry)?\.mjs/.test(child.cmdline));
}
