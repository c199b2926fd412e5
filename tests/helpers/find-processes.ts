import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Live (non-zombie) processes whose working directory is `dir` (Linux /proc). */
export function findProcessesInDir(dir: string): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) !== dir) continue;
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${entry}/stat`, "utf8"))) continue;
      found.push({ pid: Number(entry), cmdline: readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim() });
    } catch {
      // The process exited while we looked, or belongs to another user: not ours.
      continue;
    }
  }
  return found;
}

/** Live child processes of `parentPid` (Linux /proc). */
export function findChildProcesses(parentPid: number): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name: state, ppid, ...
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) !== parentPid || state === "Z") continue;
      found.push({ pid: Number(entry), cmdline: readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim() });
    } catch {
      continue;
    }
  }
  return found;
}
