import { PAGE_KEY_STORAGE } from "@/lib/http/page-key.ts";

// The two pages the server answers itself, before Next: how to get in (401), and the
// continuation after a sign-in link that another site or a local file opened.

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center;
         background: #f8fafc; color: #0f172a; }
  main { max-width: 36rem; margin: 2rem; padding: 1.5rem 2rem; background: #fff; border: 1px solid #e2e8f0;
         border-radius: 0.75rem; }
  h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
  code { background: #f1f5f9; padding: 0.1rem 0.3rem; border-radius: 0.25rem; }
  .note { color: #475569; font-size: 0.875rem; }
  a { color: #1d4ed8; }
`;

function page(input: { nonce: string; title: string; body: string; head?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${input.head ?? ""}<title>${escapeHtml(input.title)}</title>
<style nonce="${escapeHtml(input.nonce)}">${STYLE}</style>
</head>
<body>
<main data-testid="sign-in-page">
${input.body}
</main>
</body>
</html>
`;
}

const LEADS = {
  unauthenticated:
    "<p>Arbor runs Claude on this computer, so it only answers browsers that signed in with a sign-in link.</p>",
  "wrong-token":
    "<p><strong>That is not this Arbor's access token.</strong> It may come from another Arbor or an older data directory.</p>",
  "token-link":
    "<p><strong>Links with <code>?token=</code> no longer sign a browser in.</strong> Any program Arbor starts could read that token, so it only lets API clients read. Sign-in links are now good once, and Arbor shows them only on its own terminal or to a browser already signed in.</p>",
  "used-link":
    "<p><strong>This sign-in link was already used or has expired.</strong> Each link signs one browser in, once: a copy found later (in a browser's history, say) lets nobody in.</p>",
} as const;

/**
 * How to get in, for a browser that is not signed in. `continuePath` is offered when the browser came
 * from another site: a SameSite=Strict cookie is withheld on such a navigation, and a click on a link of
 * this page sends it.
 */
export function renderSignInPage(input: {
  nonce: string;
  reason: keyof typeof LEADS;
  continuePath: string | null;
}): string {
  const cont = input.continuePath
    ? `<p>Already signed in in this browser? <a data-testid="sign-in-continue" href="${escapeHtml(input.continuePath)}">Continue to Arbor</a>.</p>`
    : "";
  return page({
    nonce: input.nonce,
    title: "Sign in · Arbor",
    body: `<h1>Open Arbor with a sign-in link</h1>
${LEADS[input.reason]}
<p>Use one of these:</p>
<ul>
<li>the link Arbor printed in its terminal when it started: <code>http://127.0.0.1:&lt;port&gt;/?signin=…</code></li>
<li>run <code>npx arbor open</code> in Arbor's folder: Arbor prints a new link in the terminal where it runs (good once, for 10 minutes), and your browser opens Arbor</li>
<li>in a browser that is already signed in: Settings → Signed-in browsers → Sign in another device</li>
</ul>
${cont}
<p class="note">A link signs this browser in once (a cookie for this port, and a key only Arbor's own page holds). API clients send <code>Authorization: Bearer &lt;token&gt;</code> (the token is in <code>&lt;data dir&gt;/access-token</code>); the token only reads.</p>`,
  });
}

/**
 * After a sign-in link: the page key goes into this origin's localStorage and the browser moves on to
 * `path` (same-origin, so the new SameSite=Strict cookie goes along). `path` comes from pathAfterSignIn
 * (a path on Arbor, quotes encoded); the key is base64url. Without scripts, the link says what is missing.
 */
export function renderSignedInPage(input: { nonce: string; path: string; pageKey: string }): string {
  const target = escapeHtml(input.path);
  // `<` is written as \u003c so no value can close the script element.
  const literal = (value: string) => JSON.stringify(value).replace(/</g, "\\u003c");
  const script = `localStorage.setItem(${literal(PAGE_KEY_STORAGE)}, ${literal(input.pageKey)});
location.replace(${literal(input.path)});`;
  return page({
    nonce: input.nonce,
    title: "Signed in · Arbor",
    body: `<h1>Signed in</h1>
<p>Opening Arbor… If nothing happens, <a data-testid="sign-in-continue" href="${target}">continue to Arbor</a> (Arbor's page needs JavaScript).</p>
<script nonce="${escapeHtml(input.nonce)}">${script}</script>`,
  });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );
}
