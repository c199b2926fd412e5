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
 * The Content-Security-Policy of one response. Scripts run only with this response's nonce (Next
 * reads it from the request's CSP header and puts it on its own inline and bootstrap scripts) or
 * when loaded by such a script ('strict-dynamic': Next's chunk loader); no eval outside `--dev`,
 * where Next's hot reload needs it. Stylesheets come from Arbor ('self'; Tailwind is a file) or
 * carry the nonce (the sign-in page's own style); style attributes stay allowed because React
 * renders computed layout (tree indentation) as `style`. Images only from Arbor itself and
 * data:/blob: — Markdown never fetches a remote image by itself. Connections only to Arbor and
 * its WebSocket. No plugins, no <base>, forms post only to Arbor, and no page may frame Arbor
 * (clickjacking).
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
