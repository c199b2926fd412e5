import { request } from "node:http";

/** What Arbor's own page sends to act for the user: its session cookie and its page key. */
export interface BrowserCredential {
  /** The `Cookie` header value (`arbor_session_<port>=…`). */
  cookie: string;
  pageKey: string;
}

/**
 * Opens a sign-in link the way a browser does (no cookie, no Origin) and keeps what the answer gives a
 * browser: the cookie it sets and the page key its page writes into localStorage. Throws when the link
 * does not sign in (used, expired, refused), with the status and the page.
 */
export async function signInWithLink(link: string): Promise<BrowserCredential> {
  const answer = await getPage(link);
  const setCookie = answer.headers["set-cookie"]?.[0] ?? "";
  const pageKey = /localStorage\.setItem\("arbor\.pageKey", "([A-Za-z0-9_-]+)"\)/.exec(answer.text)?.[1];
  if (answer.status !== 200 || !setCookie || !pageKey) {
    throw new Error(`the sign-in link ${link} answered ${answer.status}:\n${answer.text.slice(0, 500)}`);
  }
  return { cookie: setCookie.split(";")[0]!, pageKey };
}

/** Headers that make a request come from Arbor's page in a signed-in browser. */
export function browserHeaders(input: { url: string; browser: BrowserCredential }): Record<string, string> {
  return { cookie: input.browser.cookie, "x-arbor-page-key": input.browser.pageKey, origin: input.url };
}

function getPage(link: string): Promise<{ status: number; headers: { "set-cookie"?: string[] }; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(link, { method: "GET" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}
