/**
 * Where the sign-in link (`…/some/path?signin=…`) sends the browser once its cookie is set: the
 * same path and query without `signin`, and only ever a path on Arbor itself. A request target
 * such as `//evil.example/?signin=…`, `/\evil.example`, `/.//evil.example` or an absolute URL
 * would otherwise become a `Location` the browser reads as another host (an open redirect).
 */
export function pathAfterSignIn(requestUrl: string): string {
  let url: URL;
  try {
    url = new URL(requestUrl, "http://arbor.invalid");
  } catch {
    return "/";
  }
  url.searchParams.delete("signin");
  url.searchParams.delete("token");
  // One leading slash: `//x` and `/\x` are protocol-relative to a browser.
  const pathname = `/${url.pathname.replace(/^[/\\]+/, "")}`;
  // Quotes are encoded too, so the path can also sit in a quoted meta-refresh URL.
  return `${pathname}${url.search}`.replace(/['"\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
