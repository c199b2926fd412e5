import { quoteGitPath } from "@/lib/git/git-path.ts";
import type { DiffHunk } from "@/lib/git/change-types.ts";

/**
 * A patch of some hunks of one file, for `git apply --cached` on an index that has the file as
 * in HEAD: the hunks keep their old positions, and each one's new start is moved by what the
 * hunks picked before it add or remove (the ones left out change nothing). Names are always
 * C-quoted, which git apply reads back exactly. Pure.
 */
export function buildHunkPatch(input: { path: string; hunks: DiffHunk[] }): string {
  const name = (prefix: string) => quoteGitPath(`${prefix}${input.path}`);
  const out = [`diff --git ${name("a/")} ${name("b/")}`, `--- ${name("a/")}`, `+++ ${name("b/")}`];
  let shift = 0;
  for (const hunk of [...input.hunks].sort((a, b) => a.oldStart - b.oldStart)) {
    // git's convention: an insertion counts from the line before it, a deletion to the line before it.
    const newStart = hunk.oldStart + shift + (hunk.oldLines === 0 ? 1 : 0) - (hunk.newLines === 0 ? 1 : 0);
    out.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${Math.max(newStart, 0)},${hunk.newLines} @@`);
    for (const line of hunk.lines) {
      out.push(`${line.kind === "add" ? "+" : line.kind === "del" ? "-" : " "}${line.text}`);
      if (line.noNewline) out.push("\\ No newline at end of file");
    }
    shift += hunk.newLines - hunk.oldLines;
  }
  return `${out.join("\n")}\n`;
}
