import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { seededRandom as random } from "@/tests/support/seeded-random.ts";
import { decodePayload, encodePayload } from "./payload-codec.ts";

/** Well-formed text of every kind a payload carries: ASCII, JSON's escapes, NUL, accents, emoji (surrogate pairs). */
const PIECES = [
  "a",
  "Z",
  "0",
  " ",
  "\n",
  "\t",
  '"',
  "\\",
  "/",
  "\u0000",
  "\u001f",
  "é",
  "✓",
  "日本",
  "😀",
  "\u2028",
  "\uFFFD",
];

function randomText(next: () => number, maxLength: number): string {
  let text = "";
  const length = Math.floor(next() * maxLength);
  for (let index = 0; index < length; index += 1) {
    text +=
      next() < 0.5 ? PIECES[Math.floor(next() * PIECES.length)]! : String.fromCharCode(32 + Math.floor(next() * 95));
  }
  return text;
}

function randomValue(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth > 3 || pick < 0.3) return randomText(next, 40);
  if (pick < 0.4) return Math.floor(next() * 1e6) / (next() < 0.5 ? 1 : 7);
  if (pick < 0.45) return next() < 0.5;
  if (pick < 0.5) return null;
  if (pick < 0.65) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(next() * 6) }, () => [randomText(next, 12), randomValue(next, depth + 1)]),
  );
}

/** A payload shaped like Claude Code's, with random values where sessions differ. */
function randomPayload(next: () => number): string {
  const session = randomText(next, 36);
  return JSON.stringify({
    session_id: session,
    transcript_path: `/home/user/.claude/projects/-work-app/${session}.jsonl`,
    cwd: `/work/${randomText(next, 20)}`,
    permission_mode: next() < 0.8 ? "default" : randomText(next, 10),
    hook_event_name: next() < 0.5 ? "PostToolUse" : randomText(next, 20),
    ...(next() < 0.7 ? { tool_input: randomValue(next, 1), tool_response: randomValue(next, 1) } : {}),
    [randomText(next, 10)]: randomValue(next, 0),
  });
}

const roundTrip = (json: string) => decodePayload(encodePayload(json));

describe("payload codec", () => {
  it("gives back exactly the text it encoded, for random payloads (1,000 seeds)", () => {
    for (let seed = 1; seed <= 1_000; seed += 1) {
      const next = random(seed);
      const json = seed % 5 === 0 ? JSON.stringify(randomValue(next, 0)) : randomPayload(next);
      expect(roundTrip(json), `seed ${seed}`).toBe(json);
    }
  });

  it.each(["2.1.197", "2.1.332"])(
    "gives back every Claude Code %s payload byte for byte, compressed to under half",
    (version) => {
      const folder = new URL(`../../tests/fixtures/claude-code-${version}/hooks/`, import.meta.url);
      let raw = 0;
      let stored = 0;
      for (const file of readdirSync(folder).filter((name) => name.endsWith(".json") && !name.startsWith("_"))) {
        const { examples } = JSON.parse(readFileSync(new URL(file, folder), "utf8")) as {
          examples: Array<{ stdin: unknown }>;
        };
        for (const example of examples) {
          const json = JSON.stringify(example.stdin);
          const encoded = encodePayload(json);
          expect(Buffer.from(roundTrip(json))).toEqual(Buffer.from(json));
          expect(encoded.payloadZ, file).not.toBeNull();
          expect(encoded.payload).toBe("");
          raw += Buffer.byteLength(json);
          stored += encoded.payloadZ!.length;
        }
      }
      expect(stored).toBeLessThan(raw / 2);
    },
  );

  it("gives back a large payload (a long tool output) exactly, compressed", () => {
    const lines = Array.from(
      { length: 3_000 },
      (_, index) => `${index}\tconst value${index % 40} = compute(${index});`,
    );
    const json = JSON.stringify({ hook_event_name: "PostToolUse", tool_response: { stdout: lines.join("\n") } });
    const encoded = encodePayload(json);
    expect(encoded.payloadZ!.length).toBeLessThan(json.length / 3);
    expect(decodePayload(encoded)).toBe(json);
  });

  it("keeps as text what compression would not shrink, and reads rows stored before compression", () => {
    expect(encodePayload('{"a":1}')).toEqual({ payload: '{"a":1}', payloadZ: null });
    const noise = JSON.stringify({
      k: Buffer.from(Array.from({ length: 60 }, (_, i) => (i * 97) % 256)).toString("base64"),
    });
    const encoded = encodePayload(noise);
    expect(encoded.payloadZ === null ? encoded.payload : roundTrip(noise)).toBe(noise);
    expect(decodePayload({ payload: '{"old":"row"}', payloadZ: null })).toBe('{"old":"row"}');
    expect(roundTrip("")).toBe("");
  });

  it("refuses a stored payload in a format it does not know, saying so", () => {
    expect(() => decodePayload({ payload: "", payloadZ: Uint8Array.of(9, 1, 2) })).toThrow(
      "A stored hook payload has an unknown format (version byte 9).",
    );
  });
});
