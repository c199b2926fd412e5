import { describe, expect, it } from "vitest";
import { extractRelays } from "./extract-relays.ts";
import { readJsonl } from "@/tests/support/claude-fixtures.ts";

/** The pinned CLI's session files: many new entry types (api-request, cost-state, tools-used, more attachments). */
const relaysOf = (name: string) => extractRelays(readJsonl(`transcripts/${name}.jsonl`, "2.1.332"));

describe("extractRelays on real 2.1.332 transcripts", () => {
  it("s05: one relay with the Bash call and the closing text, the new entry types skipped", () => {
    expect(relaysOf("s05-bash-allowed")).toMatchObject([
      {
        userText: "[[mock:bash echo hi > out.txt]] please run it",
        toolCalls: [{ name: "Bash" }],
        assistantText: "Bash returned: (Bash completed with no output)",
        apiError: null,
      },
    ]);
  });

  it("h01: the Stop-hook feedback stays in the one relay, with the block", () => {
    expect(relaysOf("h01-stop-block-once")).toMatchObject([
      {
        userText: "say hi",
        assistantText: "Hello from the mock model.\n\nHello from the mock model.",
        hookBlocks: [{ hookEvent: "Stop", reason: "Please also say goodbye." }],
      },
    ]);
  });

  it("x02: a SIGINT run now persists the partial answer, and the relay is marked interrupted", () => {
    expect(relaysOf("x02-sigint-mid-stream")).toMatchObject([{ assistantText: "Slow ", isInterrupted: true }]);
  });

  it("e05: an API failure is an apiError, not assistant text", () => {
    expect(relaysOf("e05-http529-max-retries-1")).toMatchObject([
      { assistantText: "", apiError: { code: "server_error", message: expect.stringContaining("529") } },
    ]);
  });

  it("s01 after resume, continue and /compact keeps one session id in every relay", () => {
    const relays = relaysOf("s01-session-after-r01-r02-c01");
    expect(relays.map((relay) => relay.userText).slice(0, 3)).toEqual(["say hi", "again", "once more"]);
    expect(new Set(relays.map((relay) => relay.sessionId)).size).toBe(1);
  });
});
