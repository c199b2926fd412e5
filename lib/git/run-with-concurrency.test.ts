import { describe, expect, it } from "vitest";
import { runWithConcurrency } from "./run-with-concurrency.ts";

/** A promise the test resolves by hand, so ordering is controlled without timers. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("runWithConcurrency", () => {
  it("never has more than `limit` tasks in flight and keeps input order", async () => {
    const gates = Array.from({ length: 7 }, deferred);
    let running = 0;
    let peak = 0;
    const pending = runWithConcurrency({
      items: gates.map((_, index) => index),
      limit: 3,
      task: async (item) => {
        running += 1;
        peak = Math.max(peak, running);
        await gates[item]?.promise;
        running -= 1;
        return item * 10;
      },
    });
    // Release in reverse order: results must still come back in input order.
    for (const gate of [...gates].reverse()) {
      gate.resolve();
      await Promise.resolve();
    }
    expect(await pending).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(peak).toBe(3);
  });

  it("returns an empty list for no items", async () => {
    expect(await runWithConcurrency({ items: [], limit: 4, task: () => Promise.resolve(1) })).toEqual([]);
  });

  it("rejects a limit below 1", async () => {
    await expect(runWithConcurrency({ items: [1], limit: 0, task: () => Promise.resolve(1) })).rejects.toMatchObject({
      code: "invalid_input",
    });
  });
});
