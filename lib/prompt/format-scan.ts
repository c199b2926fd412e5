/** Renders one worktree scan as Markdown list lines for the Context section. */
import type { DirtyCounts, HeadCommit, UpstreamState, WorktreeScan } from "@/lib/git/types.ts";
import { formatCode, formatQuoted, toOneLine, truncateText } from "./format-markdown.ts";

const SHORT_SUBJECT_CHARS = 72;

/** `feat/x` in code style, or "detached HEAD". */
export function formatBranch(branch: string | null): string {
  return branch === null ? "detached HEAD" : formatCode(branch);
}

/** The short sha in code style, or "no commit". */
export function formatCommit(head: HeadCommit | null): string {
  return head === null ? "no commit" : formatCode(head.shortSha);
}

/** All four counts, always, so a zero is visible rather than implied. */
export function formatDirtyCounts(dirty: DirtyCounts | null): string {
  if (dirty === null) return "unknown (git status failed)";
  return `${dirty.staged} staged, ${dirty.unstaged} unstaged, ${dirty.untracked} untracked, ${dirty.conflicted} conflicted`;
}

/** Name with ahead/behind, "gone" when the upstream branch was deleted, or "none". */
export function formatUpstream(upstream: UpstreamState | null): string {
  if (upstream === null) return "none";
  if (upstream.isGone) return `${formatCode(upstream.name)} (gone: the upstream branch no longer exists)`;
  return `${formatCode(upstream.name)}, ${upstream.ahead} ahead, ${upstream.behind} behind`;
}

function formatHeadLine({ head, isShortened }: { head: HeadCommit | null; isShortened: boolean }): string {
  if (head === null) return "- HEAD: no commit (empty repository or unreadable HEAD)";
  const subject = toOneLine(head.subject);
  if (isShortened) {
    return `- HEAD: ${formatCommit(head)} ${formatQuoted(truncateText({ text: subject, maxChars: SHORT_SUBJECT_CHARS }))}`;
  }
  return `- HEAD: ${formatCommit(head)} ${formatQuoted(subject)} (committed ${head.committedAt})`;
}

function formatFlags(scan: WorktreeScan): string[] {
  const flags = [
    scan.isMain ? "main worktree" : null,
    scan.isBare ? "bare" : null,
    scan.isLocked ? `locked${scan.lockReason ? ` (${toOneLine(scan.lockReason)})` : ""}` : null,
    scan.isPrunable ? `prunable${scan.prunableReason ? ` (${toOneLine(scan.prunableReason)})` : ""}` : null,
    scan.isMissing ? "directory missing on disk" : null,
  ].filter((flag) => flag !== null);
  return flags.length === 0 ? [] : [`- Worktree: ${flags.join(", ")}`];
}

function formatWarnings({ scan, isShortened }: { scan: WorktreeScan; isShortened: boolean }): string[] {
  if (scan.warnings.length === 0) return ["- Warnings: none"];
  // Shortened: codes only, the long texts are what the budget gives up first.
  if (isShortened) return [`- Warnings: ${scan.warnings.map((warning) => formatCode(warning.code)).join(", ")}`];
  return [
    "- Warnings:",
    ...scan.warnings.map((warning) => `  - ${formatCode(warning.code)}: ${toOneLine(warning.message)}`),
  ];
}

/**
 * The scan facts as list lines. Shortened keeps branch, HEAD, dirty counts and warning codes;
 * it drops upstream details, worktree flags, the scan error and warning texts.
 */
export function formatScanLines({ scan, isShortened }: { scan: WorktreeScan; isShortened: boolean }): string[] {
  const core = [
    `- Branch: ${formatBranch(scan.branch)}`,
    formatHeadLine({ head: scan.head, isShortened }),
    `- Working tree: ${formatDirtyCounts(scan.dirty)}`,
  ];
  if (isShortened) return [...core, ...formatWarnings({ scan, isShortened })];
  return [
    ...core,
    `- Upstream: ${formatUpstream(scan.upstream)}`,
    ...formatFlags(scan),
    ...(scan.error === null ? [] : [`- Scan error: ${toOneLine(scan.error)}`]),
    ...formatWarnings({ scan, isShortened }),
  ];
}
