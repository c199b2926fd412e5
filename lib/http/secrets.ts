import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh secret: 32 random bytes, base64url (43 characters, safe in a URL, a header or a subprotocol). */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What Arbor keeps of a secret: its sha256, hex. The secret itself lives only where it was handed to (a
 * browser, a printed link), so neither the database nor this process's memory can act for the user.
 */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Compares two secrets in time that does not depend on where they differ. */
export function secretsMatch(presented: string, expected: string): boolean {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}
