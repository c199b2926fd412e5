import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractRelays } from "./extract-relays.ts";
import { readLastRelay } from "./read-last-relay.ts";
import { useTempTranscripts } from "@/tests/support/use-temp-transcripts.ts";
import { fixturePath, readFixtureText, readJsonl } from "@/tests/support/claude-fixtures.ts";

const transcripts = useTempTranscripts("arbor-last-relay-");
const writeTranscript = (text: string) => transcripts.write(text);

describe("readLastRelay", () => {
  it.each([
    "s01-session-after-r01-r02-c01",
    "h01-stop-block-once",
    "t02-subagent",
    "e05-http529-max-retries-1",
    "r03-resume-fork",
  ])("finds the same last relay as a full read of %s", async (name) => {
    const result = await readLastRelay({ path: fixturePath(`transcripts/${name}.jsonl`) });
    expect(result.relay).toEqual(extractRelays(readJsonl(`transcripts/${name}.jsonl`)).at(-1));
    expect(result.gaveUp).toBe(false);
  });

  it("reads only the tail of a large transcript, ignoring a half-written last line", async () => {
    const history = readFixtureText("transcripts/s05-bash-allowed.jsonl").repeat(3000);
    const last = readFixtureText("transcripts/h01-stop-block-once.jsonl");
    const path = await writeTranscript(`${history}${last}{"type":"assistant","message":{"con`);
    expect(history.length).toBeGreaterThan(30_000_000);
    const result = await readLastRelay({ path });
    expect(result.relay).toMatchObject({ userText: "KW_HELLO hi", hookBlocks: [{ hookEvent: "Stop" }] });
    expect(result.scannedBytes).toBeLessThanOrEqual(256 * 1024);
  });

  it("finds a prompt that starts exactly at byte 0 and spans several backward chunks", async () => {
    const prompt = {
      type: "user",
      uuid: "u1",
      sessionId: "s",
      message: { role: "user", content: "x".repeat(600_000) },
    };
    const answer = {
      type: "assistant",
      uuid: "a1",
      message: { id: "m1", model: "m", content: [{ type: "text", text: "done" }] },
    };
    const path = await writeTranscript(`${JSON.stringify(prompt)}\n${JSON.stringify(answer)}\n`);
    const result = await readLastRelay({ path });
    expect(result.relay).toMatchObject({ startUuid: "u1", assistantText: "done" });
    expect(result.relay?.userText).toHaveLength(600_000);
  });

  it("returns null for a transcript without a human prompt, and gives up past maxScanBytes", async () => {
    const text = '{"type":"queue-operation"}\n{"type":"mode","mode":"normal"}\n';
    expect(await readLastRelay({ path: await writeTranscript(text) })).toEqual({
      relay: null,
      scannedBytes: Buffer.byteLength(text),
      gaveUp: false,
    });
    const bigTail = await writeTranscript(
      `${readFixtureText("transcripts/s05-bash-allowed.jsonl")}${'{"type":"attachment","uuid":"x"}\n'.repeat(40_000)}`,
    );
    expect(await readLastRelay({ path: bigTail, maxScanBytes: 300_000 })).toMatchObject({ relay: null, gaveUp: true });
  });

  it("throws not_found for a missing transcript", async () => {
    await expect(readLastRelay({ path: join(transcripts.dir(), "missing.jsonl") })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
