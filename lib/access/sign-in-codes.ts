import { hashSecret, newSecret } from "@/lib/http/secrets.ts";

/** How long a sign-in link minted after start-up (`arbor open`, "Sign in another device") stays valid. */
export const SIGN_IN_LINK_TTL_MS = 10 * 60_000;
/** Links waiting to be opened at once; minting one more forgets the oldest. */
const MAX_OUTSTANDING = 8;

export interface SignInCodes {
  /** A new one-time code, valid for `ttlMs` (null: until used or Arbor stops). Shown once, never stored. */
  mint(input: { ttlMs: number | null }): string;
  /** Uses a code up: true the first time, for a code minted here and not expired; false ever after. */
  redeem(code: string): boolean;
}

/**
 * One-time sign-in codes, in memory only and only as hashes: a code exists in the link Arbor printed on
 * its own terminal or showed to a signed-in page, and nowhere a program Arbor starts could read it.
 */
export function createSignInCodes(input: { now?: () => number } = {}): SignInCodes {
  const now = input.now ?? Date.now;
  const outstanding = new Map<string, number | null>();
  return {
    mint({ ttlMs }) {
      const code = newSecret();
      outstanding.set(hashSecret(code), ttlMs === null ? null : now() + ttlMs);
      while (outstanding.size > MAX_OUTSTANDING) outstanding.delete(outstanding.keys().next().value!);
      return code;
    },
    redeem(code) {
      const hash = hashSecret(code);
      if (!outstanding.has(hash)) return false;
      const expiresAt = outstanding.get(hash);
      outstanding.delete(hash);
      return expiresAt === null || expiresAt === undefined || expiresAt > now();
    },
  };
}
