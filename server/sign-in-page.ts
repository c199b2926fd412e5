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

/**
 * How to get in, for a browser without Arbor's session cookie. `continuePath` is offered when
 * the browser came from another site: a SameSite=Strict cookie is withheld on such a
 * navigation, and a click on a link of this page sends it.
 */
export function renderSignInPage(input: {
  nonce: string;
  reason: "unauthenticated" | "wrong-token";
  continuePath: string | null;
}): string {
  const lead =
    input.reason === "wrong-token"
      ? "<p><strong>That link's token is not this Arbor's.</strong> It may come from another Arbor or an older data directory.</p>"
      : "<p>Arbor runs Claude on this computer, so it only answers browsers that signed in with its access link.</p>";
  const cont = input.continuePath
    ? `<p>Already signed in in this browser? <a data-testid="sign-in-continue" href="${escapeHtml(input.continuePath)}">Continue to Arbor</a>.</p>`
    : "";
  return page({
    nonce: input.nonce,
    title: "Sign in · Arbor",
    body: `<h1>Open Arbor with its access link</h1>
${lead}
<p>Use one of these:</p>
<ul>
<li>the link <code>npm start</code> printed when Arbor started: <code>http://127.0.0.1:&lt;port&gt;/?token=…</code></li>
<li>run <code>npx arbor open</code> in Arbor's folder: it prints that link and opens it in your browser</li>
</ul>
${cont}
<p class="note">The link signs this browser in once (a cookie for this port); Arbor then removes the token from the address bar. API clients send <code>Authorization: Bearer &lt;token&gt;</code>; the token is in <code>&lt;data dir&gt;/access-token</code>.</p>`,
  });
}

/**
 * After a sign-in link that another site or a local file opened (`npx arbor open`): the cookie
 * is set with this page, which then moves on to `path` by itself. Its own navigation is
 * same-origin, so the browser sends the SameSite=Strict cookie, which a redirect in the first
 * navigation would not carry. `path` comes from pathAfterSignIn (a path on Arbor, quotes encoded).
 */
export function renderSignedInPage(input: { nonce: string; path: string }): string {
  const target = escapeHtml(input.path);
  return page({
    nonce: input.nonce,
    title: "Signed in · Arbor",
    head: `<meta http-equiv="refresh" content="0; url='${target}'">\n`,
    body: `<h1>Signed in</h1>
<p>Opening Arbor… If nothing happens, <a data-testid="sign-in-continue" href="${target}">continue to Arbor</a>.</p>`,
  });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );
}
