import type { MergeOrder, MergeOrderWarning } from "@/lib/design/merge-order/merge-order.ts";
import { formatCode } from "@/lib/prompt/format-markdown.ts";

const MAX_FILES = 5;

/**
 * The first files of `count`, each in a code span: a path from the repository reads as a name,
 * never as Arbor's words.
 */
function listFiles(files: readonly string[], count: number): string {
  const shownFiles = files.slice(0, MAX_FILES);
  const shown = shownFiles.map(formatCode).join(", ");
  return count > shownFiles.length ? `${shown} and ${count - shownFiles.length} more` : shown;
}

/**
 * A few lines for the prompt's Plan section about one node's branch: its place in the merge
 * order, what lands before it and its conflict risks. Empty when the node is not in the order.
 * Branch and file names come from the repository, so each is a code span it cannot close.
 */
export function mergeOrderPromptLines(order: MergeOrder, slug: string): string[] {
  const entry = order.entries.find((candidate) => candidate.slug === slug);
  if (!entry) return [];
  const base = order.base === null ? "the base" : formatCode(order.base);
  const branch = formatCode(entry.branch);
  const toLand = order.entries.filter((candidate) => candidate.step !== null).length;
  const lines: string[] = [];
  if (entry.state === "landed") lines.push(`Merge order: ${branch} has already landed on ${base}.`);
  else if (entry.state === "not_created") lines.push(`Merge order: ${branch} does not exist yet.`);
  else if (entry.state === "no_commits")
    lines.push(
      `Merge order: ${branch} has no commits of its own yet; it is step ${entry.step} of ${toLand} to land on ${base}.`,
    );
  else lines.push(`Merge order: ${branch} is step ${entry.step} of ${toLand} to land on ${base}.`);
  if (entry.landsAfter.length > 0) lines.push(`Must land before it: ${entry.landsAfter.map(formatCode).join(", ")}.`);
  if (entry.baseConflictCount > 0)
    lines.push(`Would conflict with ${base} in: ${listFiles(entry.baseConflicts, entry.baseConflictCount)}.`);
  for (const risk of entry.siblingRisks) {
    const sibling = formatCode(risk.branch);
    lines.push(
      risk.conflictingFileCount > 0
        ? `Would conflict with sibling ${sibling} in: ${listFiles(risk.conflictingFiles, risk.conflictingFileCount)}.`
        : `Sibling ${sibling} also changes: ${listFiles(risk.sharedFiles, risk.sharedFileCount)} (${risk.isChecked ? "merges cleanly today" : "not checked for conflicts"}).`,
    );
  }
  if (entry.siblingRisksNotListed > 0)
    lines.push(
      `${entry.siblingRisksNotListed} more ${entry.siblingRisksNotListed === 1 ? "sibling changes" : "siblings change"} some of the same files.`,
    );
  for (const warning of order.warnings) if (warning.slug === slug) lines.push(warningLine(warning, base));
  return lines;
}

/** The dashboard's warning message, with every name in a code span (`base` is already one). */
function warningLine(warning: MergeOrderWarning, base: string): string {
  const branch = formatCode(warning.branch);
  switch (warning.code) {
    case "child_landed_before_parent": {
      const parent = formatCode(warning.parentBranch);
      return `${branch} was landed on ${base} before its parent ${parent}: the parent's work came in with it unreviewed, or the design has them the wrong way round. Check ${parent} and land or close it.`;
    }
    case "far_behind":
      return `${branch} is ${warning.behind} commits behind ${base}: rebase or merge the base into it before landing, so conflicts show up in its worktree.`;
    case "unknown_parent": {
      const child = formatCode(warning.slug);
      return `The design names ${formatCode(warning.parentSlug)} as the parent of ${child}, but there is no such node; ${child} is ordered as a top-level branch.`;
    }
  }
}
