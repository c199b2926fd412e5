import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  checkSignature,
  createNonceMemory,
  signCommand,
  SIGNATURE_WINDOW_MS,
} from "./command-signature.ts";

const KEY = "k".repeat(40);
const envelope = { from: "instance-a", by: "A browser", command: { kind: "send", sessionId: "s", userMessage: "hi" } };
const now = new Date("2026-12-03T12:00:00Z");

describe("signed commands", () => {
  it("accepts a command signed with the team's key, once", () => {
    const seen = createNonceMemory();
    const sig = signCommand(envelope, { key: KEY, now });
    expect(checkSignature({ ...envelope, sig }, { key: KEY, now, seen })).toBeNull();
    // The same row copied back into the queue: refused.
    expect(checkSignature({ ...envelope, sig }, { key: KEY, now, seen })).toMatch(/already received once/);
  });

  it("refuses an unsigned command, one signed with another key, and one whose words were changed", () => {
    const seen = createNonceMemory();
    expect(checkSignature(envelope, { key: KEY, now, seen })).toMatch(/not signed with the team's key/);
    const other = signCommand(envelope, { key: "x".repeat(40), now });
    expect(checkSignature({ ...envelope, sig: other }, { key: KEY, now, seen })).toMatch(/does not match/);
    const sig = signCommand(envelope, { key: KEY, now });
    const changed = { ...envelope, command: { ...envelope.command, userMessage: "rm -rf" }, sig };
    expect(checkSignature(changed, { key: KEY, now, seen })).toMatch(/does not match/);
    expect(checkSignature({ ...envelope, from: "instance-b", sig }, { key: KEY, now, seen })).toMatch(/does not match/);
  });

  it("refuses a signature older or newer than the window", () => {
    const seen = createNonceMemory();
    const old = signCommand(envelope, { key: KEY, now: new Date(now.getTime() - SIGNATURE_WINDOW_MS - 1) });
    expect(checkSignature({ ...envelope, sig: old }, { key: KEY, now, seen })).toMatch(/too old or from the future/);
    const late = signCommand(envelope, { key: KEY, now: new Date(now.getTime() + SIGNATURE_WINDOW_MS + 1) });
    expect(checkSignature({ ...envelope, sig: late }, { key: KEY, now, seen })).toMatch(/too old or from the future/);
    const edge = signCommand(envelope, { key: KEY, now: new Date(now.getTime() - SIGNATURE_WINDOW_MS) });
    expect(checkSignature({ ...envelope, sig: edge }, { key: KEY, now, seen })).toBeNull();
  });

  it("refuses a malformed signature without throwing", () => {
    const seen = createNonceMemory();
    for (const sig of [
      null,
      "mac",
      { at: now.toISOString(), nonce: "zz", mac: "00" },
      { at: "yesterday", nonce: "0".repeat(32), mac: "0".repeat(64) },
    ])
      expect(checkSignature({ ...envelope, sig }, { key: KEY, now, seen })).not.toBeNull();
  });

  it("signs the same text whatever order the keys came in", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}',
    );
    const reordered = {
      command: { userMessage: "hi", sessionId: "s", kind: "send" },
      by: "A browser",
      from: "instance-a",
    };
    const sig = signCommand(envelope, { key: KEY, now });
    expect(checkSignature({ ...reordered, sig }, { key: KEY, now, seen: createNonceMemory() })).toBeNull();
  });

  it("forgets nonces after twice the window, so the memory does not grow without end", () => {
    const memory = createNonceMemory(1000);
    expect(memory.remember("a", 0)).toBe(true);
    expect(memory.remember("a", 1500)).toBe(false);
    expect(memory.remember("b", 2500)).toBe(true);
    expect(memory.remember("a", 2600)).toBe(true);
  });
});
