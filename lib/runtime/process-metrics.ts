import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { defineProcessState } from "./process-state.ts";

const eventLoopDelayState = defineProcessState<IntervalHistogram>("eventLoopDelay", () => {
  const created = monitorEventLoopDelay({ resolution: 10 });
  created.enable();
  return created;
});

/** Event-loop delay of this process, sampled since start-up (or the last reset). */
function histogram(): IntervalHistogram {
  return eventLoopDelayState.get();
}

export function startProcessMetrics(): void {
  histogram();
}

/** Memory and event-loop delay figures for the load benchmark and for diagnosing a slow server. */
export function readProcessMetrics(options: { reset?: boolean; collectGarbage?: boolean } = {}) {
  const delay = histogram();
  // Only present when Node runs with --expose-gc; a full collection makes heap figures comparable.
  if (options.collectGarbage) (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const figures = {
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    heapTotalBytes: memory.heapTotal,
    externalBytes: memory.external,
    eventLoopDelayP50Ms: delay.percentile(50) / 1e6,
    eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
    eventLoopDelayMaxMs: delay.max / 1e6,
  };
  if (options.reset) delay.reset();
  return figures;
}
