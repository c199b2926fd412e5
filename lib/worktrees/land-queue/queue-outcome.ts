import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import type { CheckSkipReason } from "@/lib/realtime/check-views.ts";
import type { LandQueueEntryStatus } from "@/lib/realtime/land-queue-views.ts";
import { nameFiles } from "@/lib/worktrees/name-files.ts";

/** Where a queue stopped: the 0-based place of the branch that failed its checks or conflicted. */
export type QueueStop =
  | { index: number; kind: "failed"; checks: CheckRunView[]; commit: string; tree: string }
  | { index: number; kind: "conflict"; files: string[]; count: number };

/** "a", "a and b", "a, b and c". Pure. */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Each branch's status once the queue is over: those before the stop landed, those after it were not tested. Pure. */
export function finalStatuses(count: number, stop: QueueStop | null): LandQueueEntryStatus[] {
  return Array.from({ length: count }, (_, index) =>
    stop === null || index < stop.index ? "landed" : index === stop.index ? stop.kind : "not_tested",
  );
}

/**
 * Why the queue stopped, what landed (and where the base is now), what was not tested, and what
 * to do, in sentences. Pure.
 */
export function describeQueueStop(input: {
  branches: string[];
  base: string;
  stop: QueueStop;
  commit: string;
}): string {
  const { branches, base, stop } = input;
  const branch = branches[stop.index]!;
  const before = branches.slice(0, stop.index);
  const after = branches.slice(stop.index + 1);
  const were = (names: string[]) => (names.length === 1 ? "was" : "were");
  const onto = before.length > 0 ? `${base} with ${listNames(before)} merged before it` : base;
  const why =
    stop.kind === "failed"
      ? `on ${onto}, ${stop.checks
          .filter((run) => run.status !== "passed")
          .map((run) => `"${run.name}" (${run.status.replace("_", " ")})`)
          .join(", ")} did not pass.`
      : `merging it onto ${onto} would conflict in ${stop.count === 1 ? nameFiles({ files: stop.files }) : `${stop.count} files (${nameFiles({ files: stop.files, total: stop.count })})`}.`;
  const landed =
    before.length > 0
      ? `${listNames(before)} ${were(before)} tested and landed: ${base} is now at ${input.commit.slice(0, 7)}.`
      : `Nothing landed, so ${base} did not move.`;
  const untested = after.length > 0 ? ` ${listNames(after)} ${were(after)} not tested or landed.` : "";
  const fix =
    stop.kind === "failed"
      ? `Fix it on ${branch} (merge ${base} into it to see the failure there)`
      : `Merge ${base} into ${branch} and resolve the conflicts in its worktree`;
  const again = after.length > 0 ? "land it and the branches after it again" : "land it again";
  return `${branch} was not landed: ${why} ${landed}${untested} ${fix}, then ${again}.`;
}

/** Why a queue does not start in the repository (untrusted, no check), with what to do. Pure. */
export function describeQueueNotRun(reason: CheckSkipReason): string {
  return reason.code === "untrusted"
    ? "Nothing was landed: landing in order tests each branch with the repository's checks, and a check is the repository's own code, which Arbor runs only in a repository you trust. Review and trust the repository (the button next to its name), or land the branches one by one."
    : "Nothing was landed: landing in order tests each branch with the repository's checks, and none is configured. Set one in the repository's settings (Settings → this repository → Checks), or land the branches one by one.";
}

/** The first path listed more than once, or null. Pure. */
export function findRepeated(paths: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const item of paths) {
    if (seen.has(item)) return item;
    seen.add(item);
  }
  return null;
}
