import { overlappingFiles } from "./merge-order.ts";
import { afterChange } from "./parse-raw-changes.ts";
import { foldersOf } from "./path-folders.ts";
import type { Diff } from "./read-changed-files.ts";

/**
 * Whether merging two sides (what each changed since their merge base) can conflict, so that git
 * must be asked: a path both changed to different results (or a file on one side where the other
 * has a folder), or a rename one side may have made meeting the other's change elsewhere. git
 * finds renames among a side's deletions and additions only; such a side's rename can meet the
 * other side when that side deleted the same path (rename/delete, or renamed it elsewhere too), or
 * added a file in a folder the first side deleted from (git moves it along with a renamed folder).
 * When it is false, `git merge-tree` would merge them cleanly.
 */
export function mayConflict(input: { left: Diff; right: Diff }): boolean {
  const { left, right } = input;
  const shared = overlappingFiles([...left.keys()], [...right.keys()]);
  const isDifferent = (file: string) => {
    const mine = left.get(file);
    const theirs = right.get(file);
    return !mine || !theirs || afterChange(mine) !== afterChange(theirs);
  };
  return shared.some(isDifferent) || renameMayMeet(left, right) || renameMayMeet(right, left);
}

function renameMayMeet(renaming: Diff, other: Diff): boolean {
  const statuses = new Set([...renaming.values()].map((change) => change.status));
  if (!statuses.has("D") || !statuses.has("A")) return false;
  const deleted = new Set<string>();
  const foldersDeletedFrom = new Set<string>();
  for (const [file, change] of renaming) {
    if (change.status !== "D") continue;
    deleted.add(file);
    for (const folder of foldersOf(file)) foldersDeletedFrom.add(folder);
  }
  for (const [file, change] of other) {
    if (change.status === "D" && deleted.has(file)) return true;
    if (change.status === "A" && foldersOf(file).some((folder) => foldersDeletedFrom.has(folder))) return true;
  }
  return false;
}
