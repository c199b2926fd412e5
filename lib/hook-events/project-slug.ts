const MAX_SLUG_LENGTH = 200;

/**
 * The folder name Claude Code 2.1.197 uses under `<config dir>/projects/` for a session started in
 * `realPath`, as observed in the captures: every UTF-16 code unit outside `[A-Za-z0-9]` becomes
 * `-` (so `é` gives one `-` and an emoji two); a slug longer than 200 characters keeps its first
 * 200 and gets `-` plus base36(|h|), h being the Java-style 32-bit string hash of the FULL path.
 * Pass the realpath of the cwd: Claude Code resolves symlinks before slugging.
 */
export function projectSlugForPath(realPath: string): string {
  const slug = realPath.replace(/[^A-Za-z0-9]/g, "-");
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  return `${slug.slice(0, MAX_SLUG_LENGTH)}-${Math.abs(javaStringHash(realPath)).toString(36)}`;
}

/** `h = 31 * h + charCode` over UTF-16 code units, wrapped to a signed 32-bit integer. */
export function javaStringHash(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index += 1) {
    hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  }
  return hash;
}
