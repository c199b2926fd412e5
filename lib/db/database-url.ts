/** Extracts the file path from a `file:` URL; other schemes are not embedded databases. */
export function sqliteFilePath(url: string): string {
  if (!url.startsWith("file:")) {
    throw new Error(`Only SQLite "file:" database URLs are supported so far (got "${url.split(":")[0]}:")`);
  }
  return url.slice("file:".length).replace(/\?.*$/, "");
}
