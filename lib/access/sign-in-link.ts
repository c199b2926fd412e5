import type { Access } from "./access.ts";
import { SIGN_IN_LINK_TTL_MS } from "./sign-in-codes.ts";

/** A one-time sign-in link for this instance, valid for `ttlMs` (null: until used or Arbor stops). */
export function mintSignInLink(
  access: Access,
  input: { ttlMs: number | null },
): { url: string; expiresAt: Date | null } {
  const code = access.signInCodes.mint({ ttlMs: input.ttlMs });
  return {
    url: `${access.baseUrl}/?signin=${encodeURIComponent(code)}`,
    expiresAt: input.ttlMs === null ? null : new Date(Date.now() + input.ttlMs),
  };
}

/**
 * `arbor open` (or any API client) asks for a way in: a new link is printed on Arbor's own terminal and
 * never returned, so a program that holds the access token still cannot sign a browser in with it.
 */
export function printSignInLink(access: Access, input: { askedBy: string }): { expiresAt: Date } {
  const link = mintSignInLink(access, { ttlMs: SIGN_IN_LINK_TTL_MS });
  access.announce(
    `${input.askedBy} asked for a sign-in link; open this one (good once, for ${SIGN_IN_LINK_TTL_MS / 60_000} minutes): ${link.url}`,
  );
  return { expiresAt: link.expiresAt! };
}
