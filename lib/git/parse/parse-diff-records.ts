import { decodeGitPath, type GitPathText } from "@/lib/git/git-path.ts";
import { asciiText, splitNulFields } from "./nul-fields.ts";

/** One file of `git diff --raw --numstat -z --no-abbrev`. */
export interface DiffRecord {
  /** A (added), C (copied), D (deleted), M (modified), R (renamed), T (type changed), U (unmerged). */
  status: string;
  /** Rename/copy similarity, percent. */
  score: number | null;
  oldMode: string;
  newMode: string;
  oldBlob: string;
  newBlob: string;
  path: GitPathText;
  oldPath: GitPathText | null;
  /** null for a binary file. */
  additions: number | null;
  deletions: number | null;
  isBinary: boolean;
}

/** The arguments that make git print what parseDiffRecords reads (add `-M` or `--no-renames`, then revisions). */
export const DIFF_RECORD_ARGS = ["--raw", "--numstat", "-z", "--no-abbrev", "--no-color"];

/**
 * Parses `--raw --numstat -z` output from its bytes: first one raw record per file
 * (`:oldmode newmode oldsha newsha STATUS`, then one path, or two for a rename or copy), then
 * one numstat record per file in the same order (`added\tdeleted\tpath`, or for a rename
 * `added\tdeleted\t` followed by both paths). Counts are joined to records by position. Pure.
 */
export function parseDiffRecords(output: Uint8Array): DiffRecord[] {
  const fields = splitNulFields(output);
  const records: DiffRecord[] = [];
  let index = 0;
  while (index < fields.length && fields[index]![0] === 0x3a /* : */) {
    const [oldMode = "", newMode = "", oldBlob = "", newBlob = "", statusField = ""] = asciiText(fields[index]!)
      .slice(1)
      .split(" ");
    const status = statusField.charAt(0);
    const hasTwoPaths = status === "R" || status === "C";
    const first = fields[index + 1];
    const second = hasTwoPaths ? fields[index + 2] : undefined;
    index += hasTwoPaths ? 3 : 2;
    if (!first || (hasTwoPaths && !second)) break;
    records.push({
      status,
      score: statusField.length > 1 ? Number(statusField.slice(1)) : null,
      oldMode,
      newMode,
      oldBlob,
      newBlob,
      path: decodeGitPath(second ?? first),
      oldPath: second ? decodeGitPath(first) : null,
      additions: null,
      deletions: null,
      isBinary: false,
    });
  }
  for (const record of records) {
    const field = fields[index];
    if (!field) break;
    const [added = "", deleted = "", inlinePath = ""] = asciiText(field).split("\t");
    index += inlinePath === "" && record.oldPath ? 3 : 1;
    record.isBinary = added === "-" && deleted === "-";
    record.additions = record.isBinary ? null : Number(added);
    record.deletions = record.isBinary ? null : Number(deleted);
  }
  return records;
}
