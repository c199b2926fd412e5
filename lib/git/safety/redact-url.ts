/**
 * `scheme://userinfo@` anywhere in a text. The userinfo runs to the last `@` before the first `/`
 * (as git reads it), so a password holding `@`, `:`, `?` or `#` goes with it; a scheme may carry
 * `+ . -` (`persistent-https`, `git+ssh`) and sit behind a helper (`hg::https://…`).
 */
const SCHEME_USERINFO = /\b([a-z][a-z0-9+.-]*):\/\/([^\s/]*)@/gi;

/** ssh's user name (`ssh://git@host/…`) says whom to log in as, not how: it is kept, its password is not. */
const SSH_SCHEMES = new Set(["ssh", "git+ssh", "ssh+git"]);

/**
 * A remote URL with its credentials removed, fit to show or to put in a message: the userinfo of
 * `scheme://user:password@host/…` (a token is often the user name alone: `https://TOKEN@github.com`),
 * in any scheme and behind a helper (`hg::https://…`); of an ssh URL and of the scp-like form
 * (`git@host:path`) only the password goes, the user name is no secret. A local path is left as
 * it is. Pure.
 */
export function redactUrlCredentials(url: string): string {
  if (url.includes("://")) return redactCredentialsInText(url);
  // scp-like `[user[:password]@]host:path`: the userinfo ends at the last `@` before any `/`.
  const head = url.split("/", 1)[0] ?? "";
  const at = head.lastIndexOf("@");
  if (at <= 0 || !head.slice(at + 1).includes(":")) return url;
  const user = url.slice(0, at).split(":", 1)[0] ?? "";
  return `${user === "" ? "" : `${user}@`}${url.slice(at + 1)}`;
}

/**
 * A text (git's or gh's output, a message) with the credentials of every `scheme://` URL in it
 * removed, as redactUrlCredentials does for one URL. Pure.
 */
export function redactCredentialsInText(text: string): string {
  return text.replace(SCHEME_USERINFO, (_match, scheme: string, userinfo: string) => {
    if (!SSH_SCHEMES.has(scheme.toLowerCase())) return `${scheme}://`;
    const user = userinfo.split(":", 1)[0] ?? "";
    return `${scheme}://${user === "" ? "" : `${user}@`}`;
  });
}
