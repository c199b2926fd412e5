import { readFileSync } from "node:fs";
import { fixturePath } from "@/tests/support/claude-fixtures.ts";
import { describe, expect, it } from "vitest";
import { createLineSplitter } from "./line-splitter.ts";

function collect(feed: (push: (chunk: Buffer | string) => void) => void): string[] {
  const lines: string[] = [];
  const splitter = createLineSplitter((line) => lines.push(line));
  feed((chunk) => splitter.push(chunk));
  splitter.end();
  return lines;
}

describe("createLineSplitter", () => {
  it("joins a line split across chunks and splits several lines in one chunk", () => {
    expect(collect((push) => ['{"a":', '1}\n{"b"', ':2}\n{"c":3}\n'].forEach(push))).toEqual([
      '{"a":1}',
      '{"b":2}',
      '{"c":3}',
    ]);
  });

  it("keeps multi-byte characters intact when a chunk ends mid-character, at every split point", () => {
    const bytes = Buffer.from("日本語 é 🌳\nsecond ✓\n", "utf8");
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(collect((push) => [bytes.subarray(0, cut), bytes.subarray(cut)].forEach(push))).toEqual([
        "日本語 é 🌳",
        "second ✓",
      ]);
    }
  });

  it("reproduces a real capture fed one byte at a time", () => {
    const bytes = readFileSync(fixturePath("stream-json/p01-slow-partial-messages.jsonl"));
    const expected = bytes.toString("utf8").split("\n").slice(0, -1);
    expect(
      collect((push) => {
        for (let index = 0; index < bytes.length; index += 1) push(bytes.subarray(index, index + 1));
      }),
    ).toEqual(expected);
  });

  it("emits the last line without a newline on end(), strips \\r and keeps empty lines", () => {
    expect(collect((push) => ["a\r\n\nb", "c"].forEach(push))).toEqual(["a", "", "bc"]);
  });

  it("emits nothing for an empty stream", () => {
    expect(collect(() => undefined)).toEqual([]);
  });

  it("calls onLine synchronously during push", () => {
    const lines: string[] = [];
    const splitter = createLineSplitter((line) => lines.push(line));
    splitter.push("first\nsec");
    expect(lines).toEqual(["first"]);
  });
});
