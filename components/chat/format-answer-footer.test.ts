import { describe, expect, it } from "vitest";
import type { RunView } from "@/lib/realtime/chat-views.ts";
import { formatAnswerFooter, formatCost } from "./format-answer-footer.ts";

const run = (fields: Partial<RunView>) =>
  ({
    durationMs: null,
    numTurns: null,
    inputTokens: null,
    outputTokens: null,
    costUsd: null,
    model: null,
    ...fields,
  }) as RunView;

describe("formatAnswerFooter", () => {
  it("lists what the run reported", () => {
    expect(
      formatAnswerFooter(
        run({
          durationMs: 12_345,
          numTurns: 3,
          inputTokens: 12_000,
          outputTokens: 456,
          costUsd: 0.01234,
          model: "claude-sonnet-4-5",
        }),
      ),
    ).toEqual([
      { key: "duration", text: "12.3 s" },
      { key: "turns", text: "3 turns" },
      { key: "tokens", text: "12,000 in / 456 out" },
      { key: "cost", text: "$0.0123" },
      { key: "model", text: "claude-sonnet-4-5" },
    ]);
  });

  it("leaves out what is missing and says 1 turn", () => {
    expect(formatAnswerFooter(run({ numTurns: 1 }))).toEqual([{ key: "turns", text: "1 turn" }]);
    expect(formatAnswerFooter(run({}))).toEqual([]);
  });

  it("leaves out the zeros of a run stopped before the model billed anything, not a stopped run's real usage", () => {
    const stopped = run({
      status: "cancelled",
      durationMs: 800,
      numTurns: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
    });
    expect(formatAnswerFooter(stopped)).toEqual([{ key: "duration", text: "800 ms" }]);
    const stoppedLate = run({ status: "cancelled", inputTokens: 1200, outputTokens: 30, costUsd: 0.0021 });
    expect(formatAnswerFooter(stoppedLate).map((item) => item.text)).toEqual(["1,200 in / 30 out", "$0.0021"]);
    expect(formatAnswerFooter(run({ status: "success", inputTokens: 0, outputTokens: 0 }))).toEqual([
      { key: "tokens", text: "0 in / 0 out" },
    ]);
  });

  it("formats costs", () => {
    expect(formatCost(1.266)).toBe("$1.27");
    expect(formatCost(0)).toBe("$0.0000");
  });
});
