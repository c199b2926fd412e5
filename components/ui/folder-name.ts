/** The last folder of a path ("/src/acme-shop.wt-rounding" → "acme-shop.wt-rounding"), for a short label. Pure. */
export function folderName(path: string): string {
  return path.split("/").filter(Boolean).at(-1) ?? path;
}
