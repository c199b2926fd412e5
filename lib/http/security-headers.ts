import { randomFillSync } from "node:crypto";

const NONCE_BYTES = 16;
/** Random bytes drawn 256 nonces at a time: one system call instead of one per response. */
const pool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = pool.length;

/**
 * A fresh nonce for one response's scripts (128 bits, base64: what Next's nonce parser accepts).
 * Each comes from unused bytes of a CSPRNG-filled pool, never handed out twice.
 */
export function createNonce(): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/**
 * One response's CSP. Scripts only with this nonce (Next copies it to its own scripts) or loaded by
 * one ('strict-dynamic'); eval only in `--dev` (hot reload). Styles from 'self' or nonced; style
 * attributes allowed for React's computed layout. Images only from Arbor and data:/blob: (Markdown
 * fetches nothing remote). Connections only to Arbor; no plugins or <base>; forms post to Arbor;
 * no framing (clickjacking).
 */
export function contentSecurityPolicy(input: {
  nonce: string;
  isDev: boolean;
  /** `host:port` of the request when it passed the Host allow-list; its WebSocket is allowed explicitly. */
  webSocketHost: string | null;
}): string {
  const nonce = `'nonce-${input.nonce}'`;
  // 'self' covers ws: of the same host in CSP 3; the explicit source is for browsers that predate it.
  // IPv6 literals cannot be written as a CSP host source, so they rely on 'self'.
  const webSocket = input.webSocketHost && !input.webSocketHost.startsWith("[") ? ` ws://${input.webSocketHost}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' ${nonce} 'strict-dynamic'${input.isDev ? " 'unsafe-eval'" : ""}`,
    // Next's development overlay injects <style> elements without a nonce; a nonce would disable 'unsafe-inline'.
    input.isDev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' ${nonce}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${webSocket}`,
    // The service worker (public/sw.js) and the web app manifest come from Arbor only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Headers on every response Arbor sends (pages, API JSON, refusals, static files, the hook
 * endpoint): the CSP above, no MIME sniffing, no Referer leaving Arbor (URLs carry repository
 * paths), no framing for browsers without frame-ancestors, and no other origin may embed
 * Arbor's responses or share its browsing context group.
 */
export function securityHeaders(input: Parameters<typeof contentSecurityPolicy>[0]): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(input),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
  };
}
