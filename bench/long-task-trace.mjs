// Long-task trace for Arbor's server, loaded with `--import` (e.g. the load bench:
// LOAD_NODE_ARGS="--import ./bench/long-task-trace.mjs" npx tsx bench/load-bench.ts).
// On the main thread only, it samples every 5 ms and, for each gap over 35 ms, writes how the
// thread spent it from /proc/thread-self/schedstat (Linux): on a CPU (`run`: work on the event
// loop, a GC), waiting for a CPU (`runqueueWait`: the machine was busy), or neither (`blocked`:
// asleep in a system call such as fsync or a lock). GC pauses of 5 ms or more are written too.
// Times (`t`, `tEnd`) are performance.now() of the server. Output: LONG_TASK_TRACE_FILE, else
// /tmp/arbor-long-tasks-<pid>.log.
import fs from "node:fs";
import os from "node:os";
import { PerformanceObserver } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  const out = fs.openSync(process.env.LONG_TASK_TRACE_FILE || `/tmp/arbor-long-tasks-${process.pid}.log`, "w");
  const write = (line) => fs.writeSync(out, `${line}\n`);
  const GC_KINDS = { 1: "minor", 2: "major", 4: "incremental", 8: "weakcb" };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration < 5) continue;
      const kind = GC_KINDS[entry.detail?.kind] ?? entry.detail?.kind;
      write(`gc ${kind} ${entry.duration.toFixed(1)}ms t=${entry.startTime.toFixed(1)} flags=${entry.detail?.flags}`);
    }
  }).observe({ entryTypes: ["gc"] });

  const statFile = `/proc/self/task/${process.pid}/schedstat`;
  const readSchedstat = () => {
    try {
      return fs.readFileSync(statFile, "latin1").split(" ").map(Number);
    } catch {
      return [0, 0, 0];
    }
  };
  let last = process.hrtime.bigint();
  let lastStat = readSchedstat();
  setInterval(() => {
    const now = process.hrtime.bigint();
    const stat = readSchedstat();
    const gapMs = Number(now - last) / 1e6;
    if (gapMs > 35) {
      const runMs = (stat[0] - lastStat[0]) / 1e6;
      const waitMs = (stat[1] - lastStat[1]) / 1e6;
      write(
        `gap ${gapMs.toFixed(1)}ms run=${runMs.toFixed(1)} runqueueWait=${waitMs.toFixed(1)} blocked=${(gapMs - runMs - waitMs).toFixed(1)} tEnd=${performance.now().toFixed(1)} wall=${Date.now() % 1e6} load1=${os.loadavg()[0].toFixed(1)}`,
      );
    }
    last = now;
    lastStat = stat;
  }, 5).unref();
  write(`start t=${performance.now().toFixed(1)}`);
}
