import { rawRequest } from "./raw-request.ts";
import type { RunningArbor } from "./start-arbor.ts";

/**
 * Opens a sign-in link the way a browser does (no Origin, no cookie) and returns what it answered: the
 * `Set-Cookie` header, the `Cookie` header a browser then sends, the page key its page stores, and the
 * page. Without `path`, a fresh one-time link is minted first ("Sign in another device").
 */
export async function openSignInLink(
  arbor: RunningArbor,
  path?: string,
): Promise<{ status: number; setCookie: string; cookie: string; pageKey: string | null; text: string }> {
  const target = path ?? new URL(await arbor.mintSignInLink()).search.replace(/^/, "/");
  const response = await rawRequest({ url: arbor.url, path: target, headers: { host: `127.0.0.1:${arbor.port}` } });
  const header = response.headers["set-cookie"];
  const setCookie = (Array.isArray(header) ? header[0] : header) ?? "";
  return {
    status: response.status,
    setCookie,
    cookie: setCookie.split(";")[0] ?? "",
    pageKey: /localStorage\.setItem\("arbor\.pageKey", "([A-Za-z0-9_-]+)"\)/.exec(response.text)?.[1] ?? null,
    text: response.text,
  };
}
