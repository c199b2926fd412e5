import { matchNamingRule } from "@/lib/design/naming-rule.ts";
import { FALLBACK_SLUG, SLUG_MAX_LENGTH, suggestSlug } from "@/lib/design/slug.ts";

/**
 * The name a branch gives its worktree's folder: the part in place of `{slug}` when the branch
 * follows the rule, else a slug made from its last path part (`fix/Login page` → `login-page`).
 * A last part with no ASCII letter or digit keeps its own letters (`feat/日本語` → `日本語`), so
 * such branches do not all propose the same folder. Pure.
 */
export function folderNameForBranch({ rule, branch }: { rule: string; branch: string }): string {
  try {
    const matched = matchNamingRule({ rule, branch });
    if (matched) return matched;
  } catch {
    // A rule that is not valid proposes nothing of its own: the branch's last part is used.
  }
  const last = branch.split("/").filter(Boolean).at(-1) ?? branch;
  const slug = suggestSlug(last);
  if (slug !== FALLBACK_SLUG) return slug;
  const own = [
    ...last
      .normalize("NFC")
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, ""),
  ];
  // Cut by code point, so a letter outside the BMP is never split in half.
  return own.slice(0, SLUG_MAX_LENGTH).join("").replace(/-+$/, "") || FALLBACK_SLUG;
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
