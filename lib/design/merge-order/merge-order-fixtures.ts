/** Inputs for the merge order's tests (pure core and prompt lines); each test overrides only what it is about. */
import type { MergeBranchGit } from "./merge-order.ts";
import type { DesignNodeStatus } from "@/lib/design/types.ts";

/** A design node titled after its slug. */
export const planNode = (slug: string, status: DesignNodeStatus = "in_progress") => ({
  slug,
  title: slug.toUpperCase(),
  description: null,
  status,
});

/** What git says of a branch one commit ahead of the base, changing nothing yet. */
export const branchFacts = (overrides: Partial<MergeBranchGit> = {}): MergeBranchGit => ({
  ahead: 1,
  behind: 0,
  isLanded: false,
  ownFiles: [],
  baseConflicts: [],
  ...overrides,
});
