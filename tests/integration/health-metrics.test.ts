import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MetricsBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";

// GET /api/health/metrics: the figures the load benchmark reads.

let arbor: RunningArbor;

beforeAll(async () => {
  arbor = await startArbor({ nodeArgs: ["--expose-gc"] });
});

afterAll(async () => {
  await arbor?.stop();
  if (arbor) removeDataDir(arbor.dataDir);
});

describe("server metrics", () => {
  it("reports memory and event-loop delay; reset starts a new delay window; gc=1 collects first", async () => {
    const first = await callApi<MetricsBody>(arbor, "/api/health/metrics?reset=1&gc=1");
    expect(first.status).toBe(200);
    expect(first.body.rssBytes).toBeGreaterThan(first.body.heapUsedBytes);
    expect(first.body.heapUsedBytes).toBeGreaterThan(0);
    expect(first.body.eventLoopDelayP99Ms).toBeGreaterThanOrEqual(first.body.eventLoopDelayP50Ms);
    // Node's histogram holds whole sampling intervals; the delay is what exceeds one.
    expect(first.body.eventLoopIntervalP99Ms).toBeGreaterThanOrEqual(first.body.eventLoopSampleIntervalMs);
    expect(first.body.eventLoopDelayP99Ms).toBeCloseTo(
      first.body.eventLoopIntervalP99Ms - first.body.eventLoopSampleIntervalMs,
      6,
    );
    // Garbage made by a burst of requests is gone after a collection: the heap is back near where it was.
    await Promise.all(Array.from({ length: 50 }, () => callApi(arbor, "/api/repo-pins")));
    const collected = await callApi<MetricsBody>(arbor, "/api/health/metrics?gc=1");
    expect(collected.body.heapUsedBytes).toBeLessThan(first.body.heapUsedBytes + 20 * 1024 * 1024);
  });

  it("refuses an unknown parameter value with a 422 that names it", async () => {
    const { status, body } = await callApi(arbor, "/api/health/metrics?reset=yes");
    expect(status).toBe(422);
    expect(JSON.stringify(body)).toContain("reset");
  });
});
