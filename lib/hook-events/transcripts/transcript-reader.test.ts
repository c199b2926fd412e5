import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTranscriptFrom } from "./transcript-reader.ts";
import { useTempTranscripts } from "@/tests/support/use-temp-transcripts.ts";
import { fixturePath, readFixtureText, readJsonl } from "@/tests/support/claude-fixtures.ts";

const transcripts = useTempTranscripts("arbor-transcript-");
const writeTranscript = (text: string) => transcripts.write(text);

describe("readTranscriptFrom", () => {
  it("reads a whole real transcript from offset 0", async () => {
    const path = fixturePath("transcripts/s05-bash-allowed.jsonl");
    const result = await readTranscriptFrom({ path, offset: 0 });
    expect(result.entries).toEqual(readJsonl("transcripts/s05-bash-allowed.jsonl"));
    expect(result).toMatchObject({
      malformedLines: 0,
      nextOffset: Buffer.byteLength(readFixtureText("transcripts/s05-bash-allowed.jsonl")),
      reachedEnd: true,
      isOffsetBeyondEnd: false,
    });
  });

  it("continues from nextOffset in small steps and ends with the same entries", async () => {
    const path = fixturePath("transcripts/h01-stop-block-once.jsonl");
    const entries: unknown[] = [];
    let offset = 0;
    let calls = 0;
    for (let done = false; !done; calls += 1) {
      const result = await readTranscriptFrom({ path, offset, maxBytes: 1500 });
      entries.push(...result.entries);
      offset = result.nextOffset;
      done = result.reachedEnd;
    }
    expect(calls).toBeGreaterThan(3);
    expect(entries).toEqual(readJsonl("transcripts/h01-stop-block-once.jsonl"));
  });

  it("leaves a half-written last line for the next call", async () => {
    const path = await writeTranscript('{"type":"user","n":1}\n{"type":"assist');
    const first = await readTranscriptFrom({ path, offset: 0 });
    expect(first).toMatchObject({
      entries: [{ type: "user", n: 1 }],
      nextOffset: 22,
      reachedEnd: true,
      malformedLines: 0,
    });
    await appendFile(path, 'ant","n":2}\n');
    const second = await readTranscriptFrom({ path, offset: first.nextOffset });
    expect(second).toMatchObject({ entries: [{ type: "assistant", n: 2 }], nextOffset: 22 + 27 });
  });

  it("counts malformed and non-object lines, ignores blank lines, accepts CRLF", async () => {
    const path = await writeTranscript('{"a":1}\r\n\nnot json\n[1,2]\n"str"\n{"b":2}\n');
    const result = await readTranscriptFrom({ path, offset: 0 });
    expect(result.entries).toEqual([{ a: 1 }, { b: 2 }]);
    expect(result.malformedLines).toBe(3);
  });

  it("decodes a multi-byte character split across the 1 MiB read chunks", async () => {
    const text = "é".repeat(700_000);
    const path = await writeTranscript(`${JSON.stringify({ type: "user", text })}\n{"type":"next"}\n`);
    const result = await readTranscriptFrom({ path, offset: 0 });
    expect(result.entries).toEqual([{ type: "user", text }, { type: "next" }]);
  });

  it("skips a line longer than maxLineBytes and goes on", async () => {
    const path = await writeTranscript(`{"big":"${"x".repeat(3 * 1024 * 1024)}"}\n{"type":"after"}\n`);
    const result = await readTranscriptFrom({ path, offset: 0, maxLineBytes: 1024 * 1024 });
    expect(result).toMatchObject({ entries: [{ type: "after" }], malformedLines: 1, reachedEnd: true });
  });

  it("stops at a line end once maxBytes is used, but never splits a line", async () => {
    const path = await writeTranscript('{"n":1}\n{"n":2}\n{"n":3}\n');
    const result = await readTranscriptFrom({ path, offset: 0, maxBytes: 9 });
    expect(result).toMatchObject({ entries: [{ n: 1 }, { n: 2 }], nextOffset: 16, reachedEnd: false });
  });

  it("reports an offset past the end (file replaced) instead of reading garbage", async () => {
    const path = await writeTranscript('{"n":1}\n');
    expect(await readTranscriptFrom({ path, offset: 500 })).toMatchObject({
      entries: [],
      isOffsetBeyondEnd: true,
      fileSize: 8,
      nextOffset: 500,
    });
  });

  it("throws clear AppErrors for a missing file, a directory and a bad offset", async () => {
    await expect(readTranscriptFrom({ path: join(transcripts.dir(), "nope.jsonl"), offset: 0 })).rejects.toMatchObject({
      code: "not_found",
      message: expect.stringContaining("does not exist (yet)"),
    });
    await expect(readTranscriptFrom({ path: transcripts.dir(), offset: 0 })).rejects.toMatchObject({
      code: "invalid_input",
    });
    await expect(readTranscriptFrom({ path: join(transcripts.dir(), "x"), offset: -1 })).rejects.toMatchObject({
      code: "invalid_input",
    });
  });
});
