import { describe, expect, it } from "vitest";
import { JsonlSplitter, parseJsonlLine } from "./jsonl-splitter.ts";

/** Feeds `bytes` in chunks of `size` and collects every line with its offset. */
function split(bytes: Buffer, size: number, options: { asLine?: boolean; maxLineBytes?: number; start?: number } = {}) {
  const lines: Array<[string | null, number]> = [];
  const splitter = new JsonlSplitter({ startOffset: options.start ?? 0, maxLineBytes: options.maxLineBytes ?? 1024 });
  const onLine = (text: string | null, offset: number) => lines.push([text, offset]);
  for (let at = 0; at < bytes.length; at += size) splitter.push(bytes.subarray(at, at + size), onLine);
  const hadRest = splitter.end(onLine, options.asLine ?? false);
  return { lines, consumed: splitter.consumedOffset, hadRest };
}

describe("JsonlSplitter", () => {
  const text = '{"a":1}\n{"b":"é✓"}\n\n{"c":3}\n';

  it("gives the same lines and offsets whatever the chunk size, multibyte characters cut included", () => {
    const expected = split(Buffer.from(text), 1000).lines;
    expect(expected).toEqual([
      ['{"a":1}', 0],
      ['{"b":"é✓"}', 8],
      ["", 22],
      ['{"c":3}', 23],
    ]);
    for (let size = 1; size < 30; size += 1) expect(split(Buffer.from(text), size).lines).toEqual(expected);
  });

  it("leaves a last line without newline pending, or hands it out when the file is finished", () => {
    const bytes = Buffer.from('{"a":1}\n{"cut":');
    expect(split(bytes, 3)).toMatchObject({ lines: [['{"a":1}', 0]], consumed: 8, hadRest: true });
    const finished = split(bytes, 3, { asLine: true });
    expect(finished.lines).toEqual([
      ['{"a":1}', 0],
      ['{"cut":', 8],
    ]);
    expect(finished.consumed).toBe(bytes.length);
  });

  it("reports a line that is not UTF-8 as null, and the lines around it intact", () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":1}\n{"b":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}\n{"c":"ü"}\n'),
    ]);
    for (const size of [2, 5, 64])
      expect(split(bytes, size).lines.map(([line]) => line)).toEqual(['{"a":1}', null, '{"c":"ü"}']);
  });

  it("counts an overlong line as null without holding it, then goes on", () => {
    const bytes = Buffer.from(`{"a":"${"x".repeat(100)}"}\n{"b":2}\n`);
    const { lines } = split(bytes, 7, { maxLineBytes: 50 });
    expect(lines).toEqual([
      [null, 0],
      ['{"b":2}', 109],
    ]);
  });

  it("counts offsets from the start offset (a resumed file)", () => {
    expect(split(Buffer.from('{"a":1}\n'), 4, { start: 1000 }).lines).toEqual([['{"a":1}', 1000]]);
  });
});

describe("parseJsonlLine", () => {
  it("tells objects, blank lines and malformed lines apart", () => {
    expect(parseJsonlLine('{"a":1}\r')).toEqual({ a: 1 });
    expect(parseJsonlLine("")).toBe("blank");
    expect(parseJsonlLine("  \r")).toBe("blank");
    expect(parseJsonlLine("[1]")).toBeNull();
    expect(parseJsonlLine('{"cut":')).toBeNull();
    expect(parseJsonlLine(null)).toBeNull();
  });
});
