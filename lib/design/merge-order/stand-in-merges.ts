import type { TreeFile } from "@/lib/git/write/git-objects.ts";
import { overlappingFiles } from "./merge-order.ts";
import { afterChange } from "./parse-raw-changes.ts";
import { foldersOf } from "./path-folders.ts";
import type { Diff } from "./read-changed-files.ts";

/** A file both sides changed to different results: what it was at the merge base (null: added by both) and on each side. */
export interface StandInFile {
  base: TreeFile | null;
  left: TreeFile;
  right: TreeFile;
}

const MERGEABLE_MODES = new Set(["100644", "100755", "120000"]);

/**
 * The files a stand-in merge of two commits needs: those both sides changed to different results.
 * With no deletion or type change, git finds no renames, so each file's answer depends only on its
 * three versions, path and settings, and small commits of just those files (stand-in-commits.ts)
 * get the same `merge-tree` answer. Null when only the real merge can tell: a deletion, type change,
 * submodule, file/folder clash, or a non-UTF-8 name.
 */
export function standInFiles(input: { left: Diff; right: Diff }): Map<string, StandInFile> | null {
  for (const side of [input.left, input.right])
    for (const change of side.values()) if (change.status !== "A" && change.status !== "M") return null;
  const shared = overlappingFiles([...input.left.keys()], [...input.right.keys()]);
  const files = new Map<string, StandInFile>();
  for (const file of shared) {
    const left = input.left.get(file);
    const right = input.right.get(file);
    if (!left || !right) return null;
    if (afterChange(left) === afterChange(right)) continue;
    if (file.includes("\uFFFD")) return null;
    const modes = [left.newMode, right.newMode, ...(left.status === "M" ? [left.oldMode] : [])];
    if (!modes.every((mode) => MERGEABLE_MODES.has(mode))) return null;
    files.set(file, {
      base: left.status === "M" ? { mode: left.oldMode, blob: left.oldBlob } : null,
      left: { mode: left.newMode, blob: left.newBlob },
      right: { mode: right.newMode, blob: right.newBlob },
    });
  }
  return files;
}

/** The three versions of a stand-in file as one comparable value. */
function versionsKey(file: StandInFile): string {
  const version = (entry: { mode: string; blob: string } | null) => (entry ? `${entry.mode} ${entry.blob}` : "-");
  return `${version(file.base)}|${version(file.left)}|${version(file.right)}`;
}

/**
 * Groups merges into rounds whose files never clash: a path two merges of a round both hold has
 * the same three versions in each (a branch and its design child both meeting the base's change
 * to their parent's file: git's answer for it is then the answer for both), and no path of one is
 * inside a folder named by a path of another. Each round is one stand-in merge. Greedy, in input
 * order; returns indexes.
 */
export function planStandInRounds(merges: ReadonlyArray<ReadonlyMap<string, StandInFile>>): number[][] {
  const rounds: Array<{ members: number[]; files: Map<string, string>; folders: Set<string> }> = [];
  merges.forEach((files, index) => {
    const entries = [...files].map(([file, versions]) => ({ file, key: versionsKey(versions) }));
    const fits = (round: (typeof rounds)[number]) =>
      entries.every(
        ({ file, key }) =>
          (round.files.get(file) ?? key) === key &&
          !round.folders.has(file) &&
          foldersOf(file).every((folder) => !round.files.has(folder)),
      );
    let round = rounds.find(fits);
    if (!round) rounds.push((round = { members: [], files: new Map(), folders: new Set() }));
    round.members.push(index);
    for (const { file, key } of entries) {
      round.files.set(file, key);
      for (const folder of foldersOf(file)) round.folders.add(folder);
    }
  });
  return rounds.map((round) => round.members);
}
