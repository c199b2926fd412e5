import type { DirtyCounts, UpstreamState } from "@/lib/git/types.ts";

/** What one `git status --porcelain=v2 --branch -z` says about a worktree. */
export interface StatusSummary {
  /** HEAD commit id, or null before the first commit. */
  oid: string | null;
  /** Short branch name, or null when HEAD is detached. */
  branch: string | null;
  isDetached: boolean;
  upstream: UpstreamState | null;
  dirty: DirtyCounts;
}

/**
 * Parses `git status --porcelain=v2 --branch -z`. Ordinary (`1`) and renamed (`2`) entries count
 * as staged when X is not `.` and unstaged when Y is not `.` (one file can be both); `u` entries
 * are conflicts, `?` untracked, `!` ignored. An upstream without a `branch.ab` line is gone.
 */
export function parseStatus(output: string): StatusSummary {
  const summary: StatusSummary = {
    oid: null,
    branch: null,
    isDetached: false,
    upstream: null,
    dirty: { staged: 0, unstaged: 0, untracked: 0, conflicted: 0 },
  };
  let hasAheadBehind = false;
  const fields = output.split("\0");
  for (let index = 0; index < fields.length; index += 1) {
    const field = fields[index] ?? "";
    if (field.startsWith("# ")) {
      hasAheadBehind = applyHeader({ summary, header: field.slice(2) }) || hasAheadBehind;
      continue;
    }
    const kind = field.charAt(0);
    if (kind === "1" || kind === "2") {
      countChange({ dirty: summary.dirty, xy: field.slice(2, 4) });
      // A rename carries its original path in the next NUL-terminated field; skip it so a
      // path that happens to start with "1 " or "? " is never read as an entry.
      if (kind === "2") index += 1;
    } else if (kind === "u") {
      summary.dirty.conflicted += 1;
    } else if (kind === "?") {
      summary.dirty.untracked += 1;
    }
  }
  if (summary.upstream && !hasAheadBehind) summary.upstream.isGone = true;
  return summary;
}

/** Applies one `# branch.*` header; returns true when it was the ahead/behind line. */
function applyHeader({ summary, header }: { summary: StatusSummary; header: string }): boolean {
  const space = header.indexOf(" ");
  const key = space === -1 ? header : header.slice(0, space);
  const value = space === -1 ? "" : header.slice(space + 1);
  if (key === "branch.oid") {
    summary.oid = value === "(initial)" ? null : value;
  } else if (key === "branch.head") {
    summary.isDetached = value === "(detached)";
    summary.branch = summary.isDetached ? null : value;
  } else if (key === "branch.upstream") {
    summary.upstream = { name: value, ahead: 0, behind: 0, isGone: false };
  } else if (key === "branch.ab") {
    const match = /^\+(\d+) -(\d+)$/.exec(value);
    if (summary.upstream && match) {
      summary.upstream.ahead = Number(match[1]);
      summary.upstream.behind = Number(match[2]);
    }
    return true;
  }
  return false;
}

function countChange({ dirty, xy }: { dirty: DirtyCounts; xy: string }): void {
  if (xy.charAt(0) !== ".") dirty.staged += 1;
  if (xy.charAt(1) !== ".") dirty.unstaged += 1;
}
