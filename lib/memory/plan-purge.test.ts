import { describe, expect, it } from "vitest";
import { nextCoveredUntil, planPurge } from "./plan-purge.ts";

/** A small deterministic PRNG so failures can be replayed from the seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("planPurge", () => {
  it("purges only covered messages older than the last keepLastN", () => {
    expect(planPurge({ workingMessageIds: [1, 2, 3, 4, 5, 6], coveredUntilMessageId: 4, keepLastN: 3 })).toEqual([
      1, 2, 3,
    ]);
    expect(planPurge({ workingMessageIds: [1, 2, 3, 4, 5, 6], coveredUntilMessageId: 2, keepLastN: 1 })).toEqual([
      1, 2,
    ]);
    expect(planPurge({ workingMessageIds: [1, 2, 3], coveredUntilMessageId: null, keepLastN: 0 })).toEqual([]);
    expect(planPurge({ workingMessageIds: [1, 2, 3], coveredUntilMessageId: 3, keepLastN: 10 })).toEqual([]);
  });

  it("property: random histories of messages, summaries and purges never lose an uncovered message, and covered-until only moves forward", () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const next = random(seed);
      let nextId = 1;
      const contents = new Map<number, string>();
      const working = new Set<number>();
      const archived = new Set<number>();
      let coveredUntil: number | null = null;
      for (let step = 0; step < 60; step += 1) {
        const action = next();
        if (action < 0.55) {
          const id = nextId++;
          contents.set(id, `message ${id} of seed ${seed}`);
          working.add(id);
        } else if (action < 0.75) {
          const candidates = [...working].filter((id) => coveredUntil === null || id > coveredUntil);
          const take = candidates.slice(0, Math.floor(next() * (candidates.length + 1)));
          const previous: number | null = coveredUntil;
          coveredUntil = nextCoveredUntil({ previous, coveredIds: take });
          expect(coveredUntil).toBeGreaterThanOrEqual(previous ?? 0);
        } else {
          const keepLastN = Math.floor(next() * 8);
          const uncoveredBefore = [...working].filter((id) => coveredUntil === null || id > coveredUntil);
          const lastN = [...working].sort((a, b) => a - b).slice(-keepLastN || working.size + 1);
          const purged = planPurge({ workingMessageIds: [...working], coveredUntilMessageId: coveredUntil, keepLastN });
          for (const id of purged) {
            expect(coveredUntil).not.toBeNull();
            expect(id).toBeLessThanOrEqual(coveredUntil!);
            if (keepLastN > 0) expect(lastN).not.toContain(id);
            working.delete(id);
            archived.add(id);
          }
          for (const id of uncoveredBefore) expect(working.has(id)).toBe(true);
        }
      }
      for (const [id, text] of contents) {
        expect(working.has(id) || archived.has(id)).toBe(true);
        expect(text).toBe(`message ${id} of seed ${seed}`);
      }
    }
    // 300 seeds × 60 steps of expect(): CPU-bound, about 1 s alone and several on a loaded 2-core machine.
  }, 30_000);
});
