import { matchNamingRule } from "@/lib/design/naming-rule.ts";
import { FALLBACK_SLUG, suggestSlug } from "@/lib/design/slug.ts";

/**
 * Bytes (UTF-8) the name may take: file systems allow 255 per folder name, and `<repo name>-` comes
 * before it. Cut between whole characters as a reader sees them (a letter keeps its vowel signs).
 */
const FOLDER_NAME_MAX_BYTES = 120;

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
  const own = last
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return cutToBytes(own, FOLDER_NAME_MAX_BYTES).replace(/-+$/, "") || FALLBACK_SLUG;
}

/**
 * Where a new worktree goes unless the user says otherwise: next to the main worktree, named
 * `<repo name>-<slug>` (`/src/arbor` + `login` → `/src/arbor-login`). A bare repository names
 * itself without `.git` (`/src/arbor.git` → `/src/arbor-login`), and one kept as a hidden folder of
 * its project (`/src/arbor/.bare`, the usual layout for worktrees of a bare clone) gets its
 * worktrees beside it, in the project folder (`/src/arbor/login`). Pure, `/`-separated paths.
 */
export function proposeWorktreeFolder({ repoRoot, slug }: { repoRoot: string; slug: string }): string {
  const trimmed = repoRoot.replace(/\/+$/, "");
  const cut = trimmed.lastIndexOf("/");
  const parent = cut <= 0 ? "" : trimmed.slice(0, cut);
  const name = trimmed.slice(cut + 1);
  if (name === ".bare" || name === ".git") return `${parent}/${slug}`;
  const repoName = name.length > ".git".length && name.endsWith(".git") ? name.slice(0, -".git".length) : name;
  return `${parent}/${repoName}-${slug}`;
}

function cutToBytes(text: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  let cut = "";
  let bytes = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) {
    bytes += encoder.encode(segment).length;
    if (bytes > maxBytes) break;
    cut += segment;
  }
  return cut;
}
