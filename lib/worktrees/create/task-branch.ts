import { expectedBranchName, splitNamingRule } from "@/lib/design/naming-rule.ts";
import { SLUG_MAX_LENGTH, suggestSlug } from "@/lib/design/slug.ts";

/** Tries before giving up on a free name: a title started a hundred times is a mistake, not a plan. */
const MAX_NUMBERED_NAMES = 100;

/**
 * The branch a new task lives on: the repository's naming rule with a slug of the task's title
 * (`feat/{slug}` + "Add login page" → `feat/add-login-page`), numbered when that name is taken
 * (`feat/add-login-page-2`, with the slug cut so it stays a valid slug). `isTaken` says whether a
 * branch (or the folder its worktree would get) already exists. Null when a hundred names are taken.
 * Throws invalid_input for a rule that is not valid. Pure.
 */
export function taskBranchName(input: {
  rule: string;
  title: string;
  isTaken: (branch: string) => boolean;
}): string | null {
  splitNamingRule(input.rule);
  const slug = suggestSlug(input.title);
  const first = expectedBranchName({ rule: input.rule, slug });
  if (!input.isTaken(first)) return first;
  for (let number = 2; number <= MAX_NUMBERED_NAMES; number++) {
    const ending = `-${number}`;
    const stem = slug.slice(0, SLUG_MAX_LENGTH - ending.length).replace(/-+$/, "");
    const branch = expectedBranchName({ rule: input.rule, slug: `${stem}${ending}` });
    if (!input.isTaken(branch)) return branch;
  }
  return null;
}
