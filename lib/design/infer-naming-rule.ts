import { splitNamingRule } from "./naming-rule.ts";

/** The rule Arbor proposes when a repository neither set one nor has branches that show one. */
export const FALLBACK_NAMING_RULE = "feat/{slug}";

/** Trunk names that never count as a sample of how the team names its branches. */
const TRUNK_NAMES = new Set(["main", "master", "develop", "trunk"]);

/**
 * The naming rule a repository's existing branches follow, for a repository that never set one:
 * the first path part most (more than half) of its other branches share (`feat/` → `feat/{slug}`,
 * `feature/` → `feature/{slug}`, `fix/` → `fix/{slug}`), `{slug}` when most have no `/` at all,
 * else FALLBACK_NAMING_RULE. The default branch and trunk names are left out. Always returns a
 * valid rule. Pure.
 */
export function inferNamingRule({
  branches,
  defaultBranch,
}: {
  branches: readonly string[];
  defaultBranch: string | null;
}): string {
  const samples = branches.filter((name) => name !== defaultBranch && !TRUNK_NAMES.has(name));
  if (samples.length === 0) return FALLBACK_NAMING_RULE;
  const counts = new Map<string, number>();
  for (const name of samples) {
    const slash = name.indexOf("/");
    const prefix = slash > 0 ? name.slice(0, slash + 1) : "";
    counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  const [prefix, count] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
  if (count * 2 <= samples.length) return FALLBACK_NAMING_RULE;
  const rule = `${prefix}{slug}`;
  try {
    splitNamingRule(rule);
    return rule;
  } catch {
    return FALLBACK_NAMING_RULE;
  }
}
