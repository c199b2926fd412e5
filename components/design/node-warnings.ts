import type { BranchTreeNode } from "@/lib/design/divergence/layout-tree.ts";
import type { DivergenceWarning } from "@/lib/design/types.ts";

/** Warnings only mean something against a design: without a saved tree every branch would be "not in the design". */
export function listShownWarnings(dashboard: {
  plan: { tree: unknown } | null;
  warnings: DivergenceWarning[];
}): DivergenceWarning[] {
  return dashboard.plan?.tree ? dashboard.warnings : [];
}

/**
 * Which dashboard row each warning is about: the design node it names, else the row on its
 * branch, else the row whose worktree it names. Warnings that match no row are left out (the list
 * under the tree shows them: unplacedWarnings).
 */
export function groupWarningsByRow({
  layout,
  warnings,
}: {
  layout: BranchTreeNode[];
  warnings: DivergenceWarning[];
}): Map<string, DivergenceWarning[]> {
  const bySlug = new Map(layout.filter((row) => row.nodeSlug !== null).map((row) => [row.nodeSlug, row.id]));
  const byBranch = new Map(layout.filter((row) => row.branch !== null).map((row) => [row.branch, row.id]));
  const byPath = new Map(layout.filter((row) => row.worktreePath !== null).map((row) => [row.worktreePath, row.id]));
  const grouped = new Map<string, DivergenceWarning[]>();
  for (const warning of warnings) {
    const rowId =
      (warning.nodeSlug !== undefined ? bySlug.get(warning.nodeSlug) : undefined) ??
      (warning.branch !== undefined ? byBranch.get(warning.branch) : undefined) ??
      (warning.worktreePath !== undefined ? byPath.get(warning.worktreePath) : undefined);
    if (rowId === undefined) continue;
    grouped.set(rowId, [...(grouped.get(rowId) ?? []), warning]);
  }
  return grouped;
}

/** The warnings about one worktree, for its row in the worktree list. */
export function filterWorktreeWarnings({
  warnings,
  worktreePath,
}: {
  warnings: DivergenceWarning[];
  worktreePath: string;
}): DivergenceWarning[] {
  return warnings.filter((warning) => warning.worktreePath === worktreePath);
}

/** The warnings no row of the tree shows (a branch the layout does not draw): the list under the tree holds only these. */
export function unplacedWarnings(input: {
  layout: BranchTreeNode[];
  warnings: DivergenceWarning[];
}): DivergenceWarning[] {
  const placed = new Set([...groupWarningsByRow(input).values()].flat());
  return input.warnings.filter((warning) => !placed.has(warning));
}
