import { readStreamJsonLines } from "@/tests/support/claude-fixtures.ts";
import { describe, expect, it } from "vitest";
import { createAssistantTextBuilder } from "./assistant-text.ts";
import { parseStreamJsonLine } from "./parse-stream-json.ts";

function textOf(lines: string[]): string {
  const builder = createAssistantTextBuilder();
  for (const line of lines) builder.add(parseStreamJsonLine(line));
  return builder.text();
}

const readLines = (scenario: string) => readStreamJsonLines(scenario);

describe("createAssistantTextBuilder", () => {
  it("does not double the text when the assistant event repeats the streamed deltas", () => {
    expect(textOf(readLines("p01-slow-partial-messages"))).toBe(
      "Slow stream chunk number one, two, three, four, five, done.",
    );
  });

  it("keeps the streamed deltas when the run stops before the assistant event", () => {
    const lines = readLines("p01-slow-partial-messages");
    const cut = lines.findIndex((line) => line.includes('"text":"chunk "'));
    expect(textOf(lines.slice(0, cut + 1))).toBe("Slow stream chunk ");
  });

  it("keeps the interrupted partial text (x02) and the text around tool calls (s05)", () => {
    expect(textOf(readLines("x02-sigint-mid-stream"))).toBe("Slow stream ");
    expect(textOf(readLines("s05-bash-allowed"))).toBe("I ran the command; out.txt now contains hi.");
  });

  it("leaves synthetic API error messages out of the answer", () => {
    expect(textOf(readLines("e05-http529-max-retries-1"))).toBe("");
  });
});
