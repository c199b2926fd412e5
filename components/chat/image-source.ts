/**
 * How Claude's Markdown shows an image. The CSP lets the page load images only from Arbor itself
 * and data:/blob: URLs, and a remote image is never fetched by itself either (it would tell the
 * remote host that, and when, this answer was read): it becomes a placeholder the user can open.
 */
export type ImageSource =
  { kind: "inline"; src: string } | { kind: "remote"; href: string; host: string } | { kind: "unsupported" };

/** `pageOrigin` is Arbor's origin in the browser (null while rendering on the server). */
export function classifyImageSource(input: { src: string; pageOrigin: string | null }): ImageSource {
  const src = input.src.trim();
  if (src === "") return { kind: "unsupported" };
  if (/^(data:image\/|blob:)/i.test(src)) return { kind: "inline", src };
  let url: URL;
  try {
    url = new URL(src, input.pageOrigin ?? "http://arbor.invalid");
  } catch {
    return { kind: "unsupported" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "unsupported" };
  // A relative path, or Arbor's own origin written out: served by Arbor itself.
  const isAbsolute = /^([a-z][a-z0-9+.-]*:|[/\\]{2})/i.test(src);
  if (!isAbsolute || (input.pageOrigin !== null && url.origin === input.pageOrigin)) return { kind: "inline", src };
  return { kind: "remote", href: url.href, host: url.host };
}
