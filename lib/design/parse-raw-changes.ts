/** One part of `--raw -z` output: a header (a commit id) and what changed after it. */
export interface RawChanges {
  header: string;
  /** path → `<new mode> <new blob>` (`000000 000…` for a deletion). */
  files: Map<string, string>;
}

/**
 * Reads `git diff-tree --stdin` or `git log --format=%x00%H` output given `--raw -z --abbrev=40`:
 * a header token (the commit id; a log's may start with newlines), then per file
 * `:<old mode> <new mode> <old blob> <new blob> <status>` and the path. Files before any header,
 * and one whose path is missing (output cut short), are left out.
 */
export function parseRawChanges(stdout: string): RawChanges[] {
  const parts: RawChanges[] = [];
  const tokens = stdout.split("\0");
  for (let at = 0; at < tokens.length; at += 1) {
    const token = tokens[at]!.replace(/^\n+/, "");
    if (token.startsWith(":")) {
      const [, newMode = "", , newBlob = ""] = token.slice(1).split(" ");
      const file = tokens[(at += 1)] ?? "";
      if (file !== "") parts.at(-1)?.files.set(file, `${newMode} ${newBlob}`);
    } else if (token !== "") {
      parts.push({ header: token, files: new Map() });
    }
  }
  return parts;
}
