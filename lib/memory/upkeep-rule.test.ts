import { describe, expect, it } from "vitest";
import { assemblePrompt } from "@/lib/prompt/assemble-prompt.ts";
import { buildMessage, buildPromptInput } from "@/lib/prompt/test-fixtures.ts";
import type { PromptMessage } from "@/lib/prompt/types.ts";
import { decideUpkeep, type UpkeepSettings } from "./upkeep-rule.ts";

/** A small deterministic PRNG (mulberry32) so failures can be replayed from the seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

const SETTINGS: UpkeepSettings = {
  recentMessageCount: 16,
  upkeepMessageThreshold: 200,
  upkeepCharThreshold: 2_000_000,
  upkeepKeepLastN: 50,
};
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const decide = (input: Partial<Parameters<typeof decideUpkeep>[0]>) =>
  decideUpkeep({ uncoveredIds: [], droppedIds: [], workingCount: 0, workingChars: 0, settings: SETTINGS, ...input });

describe("decideUpkeep: the gap rule", () => {
  it("does nothing while the uncovered messages fit the recent window and none was dropped", () => {
    expect(decide({ uncoveredIds: range(1, 16), workingCount: 16 })).toEqual({
      summarizeThrough: null,
      lighten: false,
      reason: null,
    });
    expect(decide({})).toEqual({ summarizeThrough: null, lighten: false, reason: null });
  });

  it("summarizes all but the newest half of the window once the uncovered messages outgrow it", () => {
    // 17 uncovered, window 16: the newest 8 stay verbatim, 1–9 go into the summary.
    expect(decide({ uncoveredIds: range(1, 17), workingCount: 17 })).toEqual({
      summarizeThrough: 9,
      lighten: false,
      reason: "gap",
    });
    // Ids need not be dense (system notes, empty messages): the cut is by position.
    expect(decide({ uncoveredIds: range(1, 17).map((id) => id * 3), workingCount: 17 }).summarizeThrough).toBe(27);
  });

  it("keeps no more verbatim than Lighten keeps", () => {
    const settings = { ...SETTINGS, recentMessageCount: 40, upkeepKeepLastN: 5 };
    expect(decide({ uncoveredIds: range(1, 41), settings }).summarizeThrough).toBe(36);
  });

  it("summarizes through the newest message the last prompt left out for the budget", () => {
    expect(decide({ uncoveredIds: range(1, 10), droppedIds: [1, 2, 3] })).toEqual({
      summarizeThrough: 3,
      lighten: false,
      reason: "budget",
    });
    // Over the window too: whichever cut is later.
    expect(decide({ uncoveredIds: range(1, 30), droppedIds: range(1, 25) }).summarizeThrough).toBe(25);
    expect(decide({ uncoveredIds: range(1, 30), droppedIds: [1] }).summarizeThrough).toBe(22);
  });

  it("lightens past the size thresholds, summarizing first what Lighten would archive", () => {
    expect(decide({ uncoveredIds: range(1, 10), workingCount: 200 })).toEqual({
      summarizeThrough: 2,
      lighten: true,
      reason: "size",
    });
    expect(decide({ uncoveredIds: range(1, 4), workingChars: 2_000_000 })).toEqual({
      summarizeThrough: null,
      lighten: true,
      reason: "size",
    });
  });

  it("property: a conversation with upkeep after each answer never has a message in no prompt: each is behind the summary, verbatim, or listed as dropped and then summarized", () => {
    let sawDrops = 0;
    let sawSummaries = 0;
    for (let seed = 1; seed <= 120; seed += 1) {
      const next = random(seed);
      const settings: UpkeepSettings = {
        recentMessageCount: 2 + Math.floor(next() * 30),
        upkeepMessageThreshold: 10 + Math.floor(next() * 100),
        upkeepCharThreshold: 10_000 + Math.floor(next() * 50_000),
        upkeepKeepLastN: Math.floor(next() * 40),
      };
      const maxChars = 6_000 + Math.floor(next() * 20_000);
      const messages: PromptMessage[] = [];
      let coveredUntil = 0;
      let nextId = 1;
      for (let send = 0; send < 60; send += 1) {
        // The user's message is stored before the prompt is assembled; the prompt holds what came before.
        const userMessageId = nextId;
        const uncovered = messages.filter((message) => message.id > coveredUntil);
        const { receipt, text } = assemblePrompt(
          buildPromptInput({
            summary: coveredUntil > 0 ? { id: 1, markdown: "summary", coveredUntilMessageId: coveredUntil } : null,
            recentMessages: uncovered,
            userMessage: `send ${send}`,
            budget: { maxChars },
          }),
        );
        // The partition: every uncovered message is included or listed as dropped, never both.
        const included = new Set(receipt.messageIds);
        expect(receipt.droppedMessageIds.filter((id) => included.has(id))).toEqual([]);
        expect([...receipt.messageIds, ...receipt.droppedMessageIds].sort((a, b) => a - b)).toEqual(
          uncovered.map((message) => message.id),
        );
        for (const id of receipt.messageIds) expect(text).toContain(`#${id} (`);
        if (receipt.droppedMessageIds.length > 0) {
          sawDrops += 1;
          expect(text).toContain("left out to fit the prompt budget");
        }
        // Upkeep keeps the uncovered messages within the window, so the prompt is never asked for more.
        expect(uncovered.length).toBeLessThanOrEqual(settings.recentMessageCount);
        const lastDropped = receipt.droppedMessageIds;

        messages.push(buildMessage({ id: nextId++, role: "user", content: "u".repeat(Math.floor(next() * 1500)) }));
        messages.push(
          buildMessage({ id: nextId++, role: "assistant", content: "a".repeat(Math.floor(next() * 3000)) }),
        );
        const stillUncovered = messages.filter((message) => message.id > coveredUntil);
        const decision = decideUpkeep({
          uncoveredIds: stillUncovered.map((message) => message.id),
          droppedIds: lastDropped,
          workingCount: stillUncovered.length,
          workingChars: stillUncovered.reduce((total, message) => total + message.content.length, 0),
          settings,
        });
        if (decision.summarizeThrough !== null) {
          sawSummaries += 1;
          // It summarizes only stored, uncovered messages, and covered-until only moves forward.
          expect(stillUncovered.map((message) => message.id)).toContain(decision.summarizeThrough);
          expect(decision.summarizeThrough).toBeGreaterThan(coveredUntil);
          coveredUntil = decision.summarizeThrough;
        }
        // A message dropped for the budget is summarized at once, so it reaches the next prompt.
        for (const id of lastDropped) expect(id).toBeLessThanOrEqual(coveredUntil);
        expect(userMessageId).toBeLessThan(nextId);
      }
    }
    expect(sawDrops).toBeGreaterThan(0);
    expect(sawSummaries).toBeGreaterThan(0);
    // Hundreds of random conversations: CPU-bound, a few seconds on a loaded 2-core machine.
  }, 30_000);
});
