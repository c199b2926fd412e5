import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { defineProcessState } from "./process-state.ts";

/** How often the event loop is sampled: Node's histogram records each whole interval between two samples. */
const SAMPLE_INTERVAL_MS = 10;

const eventLoopDelayState = defineProcessState<IntervalHistogram>("eventLoopDelay", () => {
  const created = monitorEventLoopDelay({ resolution: SAMPLE_INTERVAL_MS });
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

/**
 * Memory and event-loop delay figures for the load benchmark and for diagnosing a slow server.
 * Node's histogram holds the time between two samples, the sampling interval included (an idle
 * loop reads about 10 ms); the delay is what exceeds the interval, as @fastify/under-pressure
 * reports it. Both are given.
 */
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
    eventLoopDelayP50Ms: beyondInterval(delay.percentile(50)),
    eventLoopDelayP99Ms: beyondInterval(delay.percentile(99)),
    eventLoopDelayMaxMs: beyondInterval(delay.max),
    /** The histogram as Node records it: sampling interval plus delay. */
    eventLoopSampleIntervalMs: SAMPLE_INTERVAL_MS,
    eventLoopIntervalP99Ms: delay.percentile(99) / 1e6,
    eventLoopIntervalMaxMs: delay.max / 1e6,
  };
  if (options.reset) delay.reset();
  return figures;
}

function beyondInterval(nanoseconds: number): number {
  return Math.max(0, nanoseconds / 1e6 - SAMPLE_INTERVAL_MS);
}
