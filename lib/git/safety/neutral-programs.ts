/**
 * Stand-ins for the programs a repository's config names where git has no "off": an empty
 * `diff.external`, `diff.<driver>.command`, textconv or merge driver is run as a command named ""
 * and the command dies (checked with git 2.39). Each stand-in does what git would do without
 * the setting, so the command the user or Claude ran still gives its usual answer.
 */

/**
 * For `diff.external` and `diff.<driver>.command`: a unified diff with git's headers. git runs
 * it through the shell with `path old-file old-hex old-mode new-file new-hex new-mode` (two more,
 * the new path and a message, for a rename; only the path for an unmerged file), and dies when it
 * exits non-zero, while `diff` exits 1 for files that differ.
 */
export const NEUTRAL_EXTERNAL_DIFF =
  'f() { [ $# -eq 1 ] && { echo "* Unmerged path $1"; return 0; }; ' +
  'a="a/$1"; b="b/${8:-$1}"; [ "$2" = /dev/null ] && a=/dev/null; [ "$5" = /dev/null ] && b=/dev/null; ' +
  'echo "diff --git a/$1 b/${8:-$1}"; diff -u --label "$a" --label "$b" "$2" "$5"; [ $? -le 1 ]; }; f';

/** For `diff.<driver>.textconv`: the content as it is (git appends the file's name). */
export const NEUTRAL_TEXTCONV = "cat";

/**
 * For `merge.<driver>.driver`: git's own three-way merge of the file, with conflict markers where
 * both sides changed the same lines (exit status: the number of conflicts, at most 127).
 */
export const NEUTRAL_MERGE_DRIVER = "git merge-file --marker-size=%L -L ours -L base -L theirs %A %O %B";
