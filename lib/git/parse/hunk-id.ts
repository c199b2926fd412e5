import type { DiffHunk } from "@/lib/git/change-types.ts";

/**
 * A hunk's identity for "commit these hunks": where it is and a hash of its lines, so a file
 * that changed after the user looked is noticed rather than committed in its new form. Pure
 * (FNV-1a, 32 bits: a check against accidents, not an attacker).
 */
export function hunkId(hunk: DiffHunk): string {
  let hash = 0x811c9dc5;
  for (const line of hunk.lines) {
    const text = `${line.kind}:${line.text}\n`;
    for (let index = 0; index < text.length; index += 1) {
      hash ^= text.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return `${hunk.oldStart},${hunk.oldLines},${hunk.newStart},${hunk.newLines}:${hash.toString(16).padStart(8, "0")}`;
}
