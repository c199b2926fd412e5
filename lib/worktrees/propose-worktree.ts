import { matchNamingRule } from "@/lib/design/naming-rule.ts";
import { suggestSlug } from "@/lib/design/slug.ts";

/**
 * The slug a branch name stands for: the part in place of `{slug}` when the branch follows the
 * rule, else a slug made from its last path part (`fix/Login page` → `login-page`). Pure.
 */
export function slugForBranch({ rule, branch }: { rule: string; branch: string }): string {
  try {
    const matched = matchNamingRule({ rule, branch });
    if (matched) return matched;
  } catch {
    // A rule that is not valid proposes nothing of its own: the branch's last part is used.
  }
  return suggestSlug(branch.split("/").filter(Boolean).at(-1) ?? branch);
}

/**
 * Where a new worktree goes unless the user says otherwise: next to the main worktree, named
 * `<repo name>-<slug>` (`/src/arbor` + `login` → `/src/arbor-login`). Pure, `/`-separated paths.
 */
export function proposeWorktreeFolder({ repoRoot, slug }: { repoRoot: string; slug: string }): string {
  const trimmed = repoRoot.replace(/\/+$/, "");
  const cut = trimmed.lastIndexOf("/");
  const parent = cut <= 0 ? "/" : trimmed.slice(0, cut);
  const name = trimmed.slice(cut + 1);
  return `${parent === "/" ? "" : parent}/${name}-${slug}`;
}
