import { decodeGitPath, type GitPathText } from "@/lib/git/git-path.ts";
import { asciiText, splitAfterSpaces, splitNulFields } from "./nul-fields.ts";

/** One changed path from `git status --porcelain=v2 -z`. */
export interface StatusEntry {
  type: "ordinary" | "renamed" | "unmerged" | "untracked";
  /** X (index vs HEAD) and Y (working tree vs index), `.` for unchanged; `??` for untracked. */
  xy: string;
  /** `N...` or `S<commit><modified><untracked>` for a submodule. */
  submodule: string;
  /** Modes in HEAD, the index and the working tree (`000000`: absent); stage modes for unmerged entries. */
  headMode: string | null;
  indexMode: string | null;
  worktreeMode: string | null;
  path: GitPathText;
  /** The path before the rename or copy (renamed entries). */
  origPath: GitPathText | null;
}

export interface StatusEntries {
  /** HEAD commit, or null on an unborn branch. */
  head: string | null;
  /** Short branch name, or null when HEAD is detached. */
  branch: string | null;
  entries: StatusEntry[];
}

/**
 * Parses `git status --porcelain=v2 --branch -z` from its bytes. Paths may hold spaces, newlines
 * and bytes that are not UTF-8: each one is its own NUL-terminated field (after a fixed number of
 * space-separated fields), so nothing in a name can be read as structure. Pure.
 */
export function parseStatusEntries(output: Uint8Array): StatusEntries {
  const fields = splitNulFields(output);
  const result: StatusEntries = { head: null, branch: null, entries: [] };
  for (let index = 0; index < fields.length; index += 1) {
    const field = fields[index]!;
    const kind = field[0];
    if (kind === 0x23 /* # */) {
      applyHeader(result, asciiText(field));
    } else if (kind === 0x31 /* 1 */) {
      const parts = splitAfterSpaces(field, 8);
      if (parts) result.entries.push(ordinary(parts.head.split(" "), parts.rest, null));
    } else if (kind === 0x32 /* 2 */) {
      const parts = splitAfterSpaces(field, 9);
      const orig = fields[index + 1];
      index += 1;
      if (parts && orig) result.entries.push(ordinary(parts.head.split(" "), parts.rest, decodeGitPath(orig)));
    } else if (kind === 0x75 /* u */) {
      const parts = splitAfterSpaces(field, 10);
      if (parts) result.entries.push(unmerged(parts.head.split(" "), parts.rest));
    } else if (kind === 0x3f /* ? */) {
      result.entries.push({
        type: "untracked",
        xy: "??",
        submodule: "N...",
        headMode: null,
        indexMode: null,
        worktreeMode: null,
        path: decodeGitPath(field.subarray(2)),
        origPath: null,
      });
    }
  }
  return result;
}

function applyHeader(result: StatusEntries, header: string): void {
  const [, key, value = ""] = /^# (\S+) ?(.*)$/.exec(header) ?? [];
  if (key === "branch.oid") result.head = value === "(initial)" ? null : value;
  if (key === "branch.head") result.branch = value === "(detached)" ? null : value;
}

/** `1 XY sub mH mI mW hH hI` (+ `Xscore` for `2`), then the path. */
function ordinary(parts: string[], path: Uint8Array, origPath: GitPathText | null): StatusEntry {
  return {
    type: origPath ? "renamed" : "ordinary",
    xy: parts[1] ?? "..",
    submodule: parts[2] ?? "N...",
    headMode: parts[3] ?? null,
    indexMode: parts[4] ?? null,
    worktreeMode: parts[5] ?? null,
    path: decodeGitPath(path),
    origPath,
  };
}

/** `u XY sub m1 m2 m3 mW h1 h2 h3`, then the path. */
function unmerged(parts: string[], path: Uint8Array): StatusEntry {
  return {
    type: "unmerged",
    xy: parts[1] ?? "UU",
    submodule: parts[2] ?? "N...",
    headMode: parts[4] ?? null,
    indexMode: parts[4] ?? null,
    worktreeMode: parts[6] ?? null,
    path: decodeGitPath(path),
    origPath: null,
  };
}
