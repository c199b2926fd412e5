import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * Commands between instances, signed with the team's key (ARBOR_TEAM_KEY, the same on every
 * instance, and never in the database): a row written into a queue by someone who can only write
 * the database carries no valid signature, and one copied from an earlier command is refused as
 * late or as seen. HMAC-SHA256 over the command's canonical JSON, its time and a nonce.
 */

/** How far a command's time may be from the receiver's clock (both ways): machines' clocks differ a little. */
export const SIGNATURE_WINDOW_MS = 120_000;

export const signatureSchema = z.object({
  at: z.string().max(40),
  nonce: z.string().regex(/^[0-9a-f]{32}$/),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
});
export type CommandSignature = z.infer<typeof signatureSchema>;

/** What is signed: who asks, who on that instance, and what; the signature's time and nonce. */
interface Signed {
  from: string;
  by: string;
  command: unknown;
}

export function signCommand(envelope: Signed, input: { key: string; now?: Date; nonce?: string }): CommandSignature {
  const at = (input.now ?? new Date()).toISOString();
  const nonce = input.nonce ?? randomBytes(16).toString("hex");
  return { at, nonce, mac: macOf(envelope, { key: input.key, at, nonce }) };
}

/** Why a command's signature is not good (to follow "This request"), or null when it is. `seen` remembers nonces for the window. Pure but for `seen`. */
export function checkSignature(
  envelope: Signed & { sig?: unknown },
  input: { key: string; now?: Date; seen: NonceMemory },
): string | null {
  const parsed = signatureSchema.safeParse(envelope.sig);
  if (!parsed.success) return "is not signed with the team's key";
  const sig = parsed.data;
  const now = (input.now ?? new Date()).getTime();
  const at = Date.parse(sig.at);
  if (!Number.isFinite(at) || Math.abs(now - at) > SIGNATURE_WINDOW_MS)
    return "has a signature too old or from the future (a copy of an earlier request, or a clock far off)";
  const expected = Buffer.from(macOf(envelope, { key: input.key, at: sig.at, nonce: sig.nonce }), "hex");
  if (!timingSafeEqual(expected, Buffer.from(sig.mac, "hex")))
    return "has a signature that does not match the team's key";
  if (!input.seen.remember(sig.nonce, now)) return "was already received once (a copy of an earlier request)";
  return null;
}

function macOf(envelope: Signed, input: { key: string; at: string; nonce: string }): string {
  const text = canonicalJson({
    from: envelope.from,
    by: envelope.by,
    command: envelope.command,
    at: input.at,
    nonce: input.nonce,
  });
  return createHmac("sha256", input.key).update(text).digest("hex");
}

/** JSON with every object's keys sorted, so both ends sign the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Nonces seen within the window: a second command with one is a copy. */
export interface NonceMemory {
  /** False when the nonce was seen already; otherwise remembers it. */
  remember(nonce: string, now: number): boolean;
}

export function createNonceMemory(windowMs = SIGNATURE_WINDOW_MS): NonceMemory {
  const seen = new Map<string, number>();
  return {
    remember(nonce, now) {
      for (const [old, at] of seen) {
        if (now - at <= 2 * windowMs) break;
        seen.delete(old);
      }
      if (seen.has(nonce)) return false;
      seen.set(nonce, now);
      return true;
    },
  };
}
