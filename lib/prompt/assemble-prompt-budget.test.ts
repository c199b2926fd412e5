import { describe, expect, it } from "vitest";
import { assemblePrompt } from "./assemble-prompt.ts";
import { buildMessage, buildPromptInput, buildScan } from "./test-fixtures.ts";
import type { PromptInput } from "./types.ts";

const LONG_WARNING = "The upstream branch origin/feat/login is 12 commits ahead of this worktree; pull before pushing.";

function buildBudgetInput(maxChars?: number): PromptInput {
  return buildPromptInput({
    scan: buildScan({ warnings: [{ code: "behind_upstream", message: LONG_WARNING }] }),
    previousScan: buildScan({ branch: "main" }),
    summary: { id: 4, markdown: "SUMMARY-KEEP decisions so far", coveredUntilMessageId: 10 },
    // Given out of order on purpose: "oldest" means lowest id.
    recentMessages: [13, 11, 14, 12].map((id) => buildMessage({ id, content: `MESSAGE-${id} ${"x".repeat(200)}` })),
    userMessage: "USER-KEEP please continue",
    ...(maxChars === undefined ? {} : { budget: { maxChars } }),
  });
}

const fullChars = assemblePrompt(buildBudgetInput()).receipt.totalChars;
/** Below this, dropping every message (which adds a "left out" note) cannot fit with the whole scan. */
const noMessagesChars = assemblePrompt({ ...buildBudgetInput(), recentMessages: [] }).receipt.totalChars;

function expectEssentialsKept(text: string): void {
  expect(text).toContain("feat/<topic> or fix/<topic>, kebab-case");
  expect(text).toContain("> No new dependencies.");
  expect(text).toContain("SUMMARY-KEEP decisions so far");
  expect(text.endsWith("\n\nUSER-KEEP please continue")).toBe(true);
}

describe("assemblePrompt: budget", () => {
  it("changes nothing without a budget or when the prompt fits exactly", () => {
    for (const maxChars of [undefined, fullChars]) {
      const { receipt } = assemblePrompt(buildBudgetInput(maxChars));
      expect(receipt).toEqual({
        summaryId: 4,
        coveredUntilMessageId: 10,
        isSummaryInherited: false,
        messageIds: [11, 12, 13, 14],
        droppedMessageIds: [],
        earlierUserWords: { includedIds: [], leftOutCount: 0 },
        ledger: {
          includedIds: [],
          proposedIds: [],
          taskIds: [],
          leftOutIds: [],
          leftOutCount: 0,
          inForce: 0,
          closed: [],
        },
        hasWorkflowState: false,
        hasPlan: false,
        scanShortened: false,
        totalChars: fullChars,
      });
    }
  });

  it("drops the oldest message first, keeping the scan whole", () => {
    const { text, receipt } = assemblePrompt(buildBudgetInput(fullChars - 1));
    expect(receipt.droppedMessageIds).toEqual([11]);
    expect(receipt.messageIds).toEqual([12, 13, 14]);
    expect(receipt.scanShortened).toBe(false);
    expect(receipt.totalChars).toBeLessThanOrEqual(fullChars - 1);
    expect(text).not.toContain("MESSAGE-11");
    expect(text).toContain("MESSAGE-12");
    expect(text).toContain("1 older message was left out");
    expect(text).toContain(LONG_WARNING);
    expectEssentialsKept(text);
  });

  it("shortens the scan only after every message is gone", () => {
    const { text, receipt } = assemblePrompt(buildBudgetInput(noMessagesChars - 1));
    expect(receipt.droppedMessageIds).toEqual([11, 12, 13, 14]);
    expect(receipt.messageIds).toEqual([]);
    expect(receipt.scanShortened).toBe(true);
    expect(receipt.totalChars).toBeLessThanOrEqual(noMessagesChars - 1);
    expect(text).toContain("- Branch: `feat/login`");
    expect(text).toContain('- HEAD: `aaaaaaa` "Add login form"');
    expect(text).toContain("- Working tree: 1 staged, 2 unstaged, 3 untracked, 0 conflicted");
    expect(text).toContain("- Warnings: `behind_upstream`");
    expect(text).not.toContain(LONG_WARNING);
    expect(text).not.toContain("Branch changed from");
    expectEssentialsKept(text);
  });

  it("returns the minimal prompt when even that does not fit", () => {
    const { text, receipt } = assemblePrompt(buildBudgetInput(10));
    expect(receipt.droppedMessageIds).toEqual([11, 12, 13, 14]);
    expect(receipt.scanShortened).toBe(true);
    expect(receipt.totalChars).toBe(text.length);
    expect(receipt.totalChars).toBeGreaterThan(10);
    expectEssentialsKept(text);
  });

  it("holds its priorities for every budget: drop a prefix of messages, shorten the scan last", () => {
    for (let maxChars = fullChars; maxChars >= 0; maxChars -= 37) {
      const { text, receipt } = assemblePrompt(buildBudgetInput(maxChars));
      const dropped = receipt.droppedMessageIds.length;
      expect(receipt.droppedMessageIds).toEqual([11, 12, 13, 14].slice(0, dropped));
      expect(receipt.messageIds).toEqual([11, 12, 13, 14].slice(dropped));
      if (receipt.scanShortened) expect(receipt.messageIds).toEqual([]);
      if (receipt.totalChars > maxChars) expect(receipt.scanShortened).toBe(true);
      expectEssentialsKept(text);
    }
  });
});
