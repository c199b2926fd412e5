/** One path's change in `--raw` output: what it was and what it became (`000000`/zeros for none). */
export interface RawChange {
  /** git's status letter: A, M, D, T… (a score such as R100 is not asked for: `--no-renames`). */
  status: string;
  oldMode: string;
  oldBlob: string;
  newMode: string;
  newBlob: string;
}

/** One part of `--raw -z` output: a header (a commit id) and what changed after it. */
export interface RawChanges {
  header: string;
  /** path → its change. */
  changes: Map<string, RawChange>;
}

/** What a path is after its change, as one comparable value: `<new mode> <new blob>` (`000000 000…` for a deletion). */
export function afterChange(change: RawChange): string {
  return `${change.newMode} ${change.newBlob}`;
}

/** path → afterChange, for the readers that only compare results. */
export function afterChanges(changes: ReadonlyMap<string, RawChange>): Map<string, string> {
  return new Map([...changes].map(([file, change]) => [file, afterChange(change)]));
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
      const [oldMode = "", newMode = "", oldBlob = "", newBlob = "", status = ""] = token.slice(1).split(" ");
      const file = tokens[(at += 1)] ?? "";
      if (file !== "") parts.at(-1)?.changes.set(file, { status, oldMode, oldBlob, newMode, newBlob });
    } else if (token !== "") {
      parts.push({ header: token, changes: new Map() });
    }
  }
  return parts;
}
