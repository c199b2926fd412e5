import type { PlanRun, PlanRunNode } from "./plan-run.ts";

/** Where a node's first run branches from: the base (which then holds its landed parent) or, stacked, the parent's branch. */
export type BranchFrom = { kind: "base" } | { kind: "parent_branch"; parentSlug: string };

export type DependencyStatus = { isMet: true; branchFrom: BranchFrom } | { isMet: false; reason: string };

/**
 * Whether a node's dependencies allow it to start. A dependency is met once it landed, or was
 * skipped (the user chose to go on without it: the child starts from the base). A stacked node
 * ("start from the parent's branch") may start as soon as its parent is ready, since its branch
 * then holds the parent's checked work; it still lands only after the parent (see nextToLand).
 */
export function dependencyStatus(run: PlanRun, node: PlanRunNode): DependencyStatus {
  const bySlug = new Map(run.nodes.map((other) => [other.slug, other]));
  const unmet: string[] = [];
  let stackedOn: string | null = null;
  for (const slug of node.dependsOn) {
    const dependency = bySlug.get(slug);
    if (!dependency) return { isMet: false, reason: `waiting: it depends on ${slug}, which is not in this plan` };
    const trouble = troubleOf(dependency);
    if (trouble) return { isMet: false, reason: `waiting: ${trouble}` };
    const state = dependency.state.name;
    if (state === "landed" || state === "skipped") continue;
    if (node.startFrom === "parent_branch" && (state === "ready" || state === "landing")) {
      stackedOn = slug;
      continue;
    }
    unmet.push(slug);
  }
  if (unmet.length > 0) {
    const until = node.startFrom === "parent_branch" ? "be ready" : "land";
    return { isMet: false, reason: `waiting for ${listInWords(unmet)} to ${until}` };
  }
  return { isMet: true, branchFrom: stackedOn ? { kind: "parent_branch", parentSlug: stackedOn } : { kind: "base" } };
}

/** Why a dependency will not land without the user, in words that follow "waiting: ", or null. */
export function troubleOf(node: PlanRunNode): string | null {
  const state = node.state;
  switch (state.name) {
    case "failed":
      return `${node.slug} failed; retry or skip it`;
    case "stopped":
      return state.cause.kind === "conflict"
        ? `${node.slug} has a merge conflict; ask Claude to resolve it, or skip it`
        : `${node.slug} was stopped; retry or skip it`;
    case "interrupted":
      return `${node.slug} was interrupted by a restart; retry it`;
    case "checks_failed":
      return state.isWaitingForUser ? `${node.slug}'s checks failed and it waits for you` : null;
    case "waiting_for_user":
      return `${node.slug} waits for your answer`;
    default:
      return null;
  }
}

/** "a", "a and b", "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
