import { describe, expect, it } from "vitest";
import { stripAnsi } from "./strip-ansi.ts";

describe("stripAnsi", () => {
  it("removes colour codes and keeps the text and its whitespace", () => {
    expect(stripAnsi("\u001b[31m✗ fail\u001b[0m\n  \u001b[1;32mok\u001b[39;22m  \tend")).toBe("✗ fail\n  ok  \tend");
  });

  it("removes cursor moves, OSC titles and hyperlinks", () => {
    expect(stripAnsi("\u001b[2K\u001b[1Gdone\u001b]0;title\u0007")).toBe("done");
    expect(stripAnsi("\u001b]8;;https://x.test\u001b\\link\u001b]8;;\u001b\\")).toBe("link");
  });

  it("turns CRLF line ends into newlines and leaves text without escapes alone", () => {
    expect(stripAnsi("a\r\nb\r\n")).toBe("a\nb\n");
    expect(stripAnsi("plain [31m text")).toBe("plain [31m text");
  });

  it("reads a long run of carriage returns in linear time", () => {
    // Matched from every `\r` of the run, `\r+\n` took 15 s for 100 000 and so minutes for these
    // 400 000: far past the suite's per-test time limit, which is what fails a quadratic pattern here.
    expect(stripAnsi(`${"\r".repeat(400_000)}x\r\r\ny`)).toBe(`${"\r".repeat(400_000)}x\ny`);
  });
});
