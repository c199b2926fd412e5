/** What changed in a worktree between two sends, so the model notices moves it did not make. */
import type { DirtyCounts, HeadCommit, UpstreamState, WorktreeScan, WorktreeWarning } from "@/lib/git/types.ts";
import { formatCode, formatQuoted, toOneLine } from "./format-markdown.ts";
import { formatBranch, formatCommit, formatDirtyCounts, formatUpstream } from "./format-scan.ts";

const DIRTY_FIELDS = ["staged", "unstaged", "untracked", "conflicted"] as const;

/**
 * Describes the changes from `previous` to `current`, one short sentence each, in a fixed order:
 * branch, HEAD, dirty counts, upstream, warnings. Returns [] when nothing changed.
 */
export function describeScanChanges({
  previous,
  current,
}: {
  previous: WorktreeScan;
  current: WorktreeScan;
}): string[] {
  return [
    ...describeBranchChange({ previous: previous.branch, current: current.branch }),
    ...describeHeadChange({ previous: previous.head, current: current.head }),
    ...describeDirtyChange({ previous: previous.dirty, current: current.dirty }),
    ...describeUpstreamChange({ previous: previous.upstream, current: current.upstream }),
    ...describeWarningChanges({ previous: previous.warnings, current: current.warnings }),
  ];
}

function describeBranchChange({ previous, current }: { previous: string | null; current: string | null }): string[] {
  if (previous === current) return [];
  return [`Branch changed from ${formatBranch(previous)} to ${formatBranch(current)}`];
}

function describeHeadChange({
  previous,
  current,
}: {
  previous: HeadCommit | null;
  current: HeadCommit | null;
}): string[] {
  if (previous?.sha === current?.sha) return [];
  const subject = current === null ? "" : ` (${formatQuoted(current.subject)})`;
  return [`HEAD moved from ${formatCommit(previous)} to ${formatCommit(current)}${subject}`];
}

function describeDirtyChange({
  previous,
  current,
}: {
  previous: DirtyCounts | null;
  current: DirtyCounts | null;
}): string[] {
  if (previous === null || current === null) {
    if (previous === current) return [];
    return [`Dirty counts changed from ${formatDirtyCounts(previous)} to ${formatDirtyCounts(current)}`];
  }
  const changed = DIRTY_FIELDS.filter((field) => previous[field] !== current[field]);
  if (changed.length === 0) return [];
  return [
    `Dirty counts changed: ${changed.map((field) => `${field} ${previous[field]} → ${current[field]}`).join(", ")}`,
  ];
}

function describeUpstreamChange({
  previous,
  current,
}: {
  previous: UpstreamState | null;
  current: UpstreamState | null;
}): string[] {
  if (previous === null && current === null) return [];
  if (previous === null) return [`Upstream set to ${formatUpstream(current)}`];
  if (current === null) return [`Upstream removed (was ${formatCode(previous.name)})`];
  if (previous.name !== current.name)
    return [`Upstream changed from ${formatUpstream(previous)} to ${formatUpstream(current)}`];
  // A gone upstream shows up as the `upstream_gone` warning; its counts are meaningless.
  if (current.isGone) return [];
  const changed = (["ahead", "behind"] as const).filter((field) => previous[field] !== current[field]);
  if (changed.length === 0) return [];
  const details = changed.map((field) => `${field} ${previous[field]} → ${current[field]}`).join(", ");
  return [`Ahead/behind ${formatCode(current.name)} changed: ${details}`];
}

function describeWarningChanges({
  previous,
  current,
}: {
  previous: WorktreeWarning[];
  current: WorktreeWarning[];
}): string[] {
  const previousCodes = new Set(previous.map((warning) => warning.code));
  const currentCodes = new Set(current.map((warning) => warning.code));
  const appeared = current
    .filter((warning) => !previousCodes.has(warning.code))
    .map((warning) => `Warning appeared: ${formatCode(warning.code)} (${toOneLine(warning.message)})`);
  const cleared = previous
    .filter((warning) => !currentCodes.has(warning.code))
    .map((warning) => `Warning cleared: ${formatCode(warning.code)}`);
  return [...appeared, ...cleared];
}
