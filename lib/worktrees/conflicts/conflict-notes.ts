import { NO_MARKERS_NOTE, type ConflictStage, type MergeTreeConflict } from "./conflict-hunks.ts";

/** A conflicted path as the user should read it. */
export interface NamedConflict extends MergeTreeConflict {
  /**
   * `display` (control characters and bytes that are not UTF-8 escaped, so a name cannot add lines
   * to the dialog or to the message sent to Claude), except that a path git set aside as
   * `<path>~<commit id>` is named as the resolving merge names it.
   */
  shownPath: string;
  /** For a path git set aside: the path it stood in the way of, and whose version it is. */
  setAside: { path: string; side: "base" | "branch" } | null;
}

interface LandingNames {
  base: string;
  branch: string;
}

/**
 * git sets a file aside as `<path>~<label>[_<n>]` when the other side has a folder (or another
 * kind of entry) at `<path>`; merge-tree, given commit ids, uses the commit id as the label.
 */
const SET_ASIDE = /^(.+)~([0-9a-f]{40}|[0-9a-f]{64})(_\d+)?$/;

/**
 * The path of a conflict as the user will meet it: `fd~6c3177c6…` becomes the name git gives it
 * when the conflict is resolved in the branch's worktree (`git merge <base>` there, as "Ask Claude
 * to resolve" does): the base's copy `fd~main` (its name flattened as git flattens labels, `/` to
 * `_`), the branch's own copy `fd~HEAD`. Pure.
 */
export function nameConflict(
  conflict: MergeTreeConflict,
  names: LandingNames & { baseCommit: string; branchCommit: string },
): NamedConflict {
  const match = SET_ASIDE.exec(conflict.display);
  const side = match?.[2] === names.baseCommit ? "base" : match?.[2] === names.branchCommit ? "branch" : null;
  const messages = conflict.messages.map((message) => {
    const paths = message.paths.map((path) => withNames(path, names));
    let text = withNames(message.text, names);
    for (const path of paths) if (path.length > MAX_NAME_CHARS) text = text.replaceAll(path, shortenName(path));
    return {
      type: message.type,
      paths: paths.map(shortenName),
      text: text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text,
    };
  });
  if (!match?.[1] || !side) return { ...conflict, messages, shownPath: shortenName(conflict.display), setAside: null };
  const label = side === "base" ? names.base.replaceAll("/", "_") : "HEAD";
  return {
    ...conflict,
    messages,
    shownPath: shortenName(`${match[1]}~${label}${match[3] ?? ""}`),
    setAside: { path: shortenName(match[1]), side },
  };
}

/**
 * A name is shown with at most this many characters: git's object store holds names of any length
 * (a repository can make one of megabytes without a file system ever holding it), and a few of those
 * made the preview's answer tens of megabytes.
 */
export const MAX_NAME_CHARS = 300;
const MAX_MESSAGE_CHARS = 2 * MAX_NAME_CHARS + 400;

/** A name past MAX_NAME_CHARS as its start and its end (where the file's own name is) around `…`. */
function shortenName(name: string): string {
  if (name.length <= MAX_NAME_CHARS) return name;
  const tail = Math.floor((MAX_NAME_CHARS - 1) / 2);
  return `${name.slice(0, MAX_NAME_CHARS - 1 - tail)}…${name.slice(-tail)}`;
}

/** git's text with the two commits named as the user knows them: a file set aside as nameConflict names it, a side by its branch. */
function withNames(text: string, names: LandingNames & { baseCommit: string; branchCommit: string }): string {
  return text
    .replaceAll(`~${names.baseCommit}`, `~${names.base.replaceAll("/", "_")}`)
    .replaceAll(`~${names.branchCommit}`, "~HEAD")
    .replaceAll(names.baseCommit, names.base)
    .replaceAll(names.branchCommit, names.branch);
}

/**
 * What a conflicted path is, from what each side has there, before its merged text is read:
 * a note (deleted on one side, a submodule, a file set aside...) and what to read for its hunks:
 * nothing, the two targets of a symbolic link, or the merged file with its conflict markers. Pure.
 */
export function describeConflict(
  conflict: NamedConflict,
  names: LandingNames,
): { note: string | null; read: "none" | "link" | "file" } {
  const { base, branch } = names;
  if (conflict.setAside) {
    const [owner, other] = conflict.setAside.side === "base" ? [base, branch] : [branch, base];
    const at = conflict.setAside.path;
    return {
      read: "none",
      note: `${owner}'s ${at}, set aside under this name by git: ${other} has a folder (or another kind of entry) at ${at}. Keep one of them at ${at}, or both under different names.`,
    };
  }
  const renamed = conflict.messages.find((message) => message.type === RENAME_RENAME || message.type === RENAME_DELETE);
  if (renamed)
    return {
      read: "none",
      note: `${withoutPrefix(renamed.text)} ${renamed.type === RENAME_RENAME ? "Keep it under one of the two names (delete the other), or under both." : "Keep it under its new name, or delete it."}`,
    };
  const { base: ours, branch: theirs } = conflict;
  // The entry left at a path where git set the other side's aside (a file and a link, say).
  const other = conflict.messages
    .find((message) => message.type === DISTINCT_TYPES)
    ?.paths.find((path) => path !== conflict.shownPath);
  if (other && (!ours || !theirs)) {
    const [kept, keeper, owner] = ours ? [ours, base, branch] : [theirs!, branch, base];
    return {
      read: "none",
      note: `${keeper}'s ${kindOf(kept)}; ${owner} has another kind of entry here (a file, a link or a submodule), which git set aside as ${other}. Keep one of them here.`,
    };
  }
  if (!ours && theirs)
    return {
      read: "none",
      note: `Deleted (or renamed) in ${base}, changed in ${branch} (a ${kindOf(theirs)}): keep it with ${branch}'s changes, or delete it.`,
    };
  if (ours && !theirs)
    return {
      read: "none",
      note: `Changed in ${base}, deleted (or renamed) in ${branch} (a ${kindOf(ours)}): keep it with ${base}'s changes, or delete it.`,
    };
  if (!ours || !theirs) return { read: "file", note: null };
  if (kindOf(ours) !== kindOf(theirs))
    return {
      read: "none",
      note: `A ${kindOf(ours)} in ${base}, a ${kindOf(theirs)} in ${branch}: keep one of them.`,
    };
  if (ours.mode === SUBMODULE)
    return {
      read: "none",
      note: `A submodule both sides moved to different commits: ${base} has ${ours.oid.slice(0, 7)}, ${branch} has ${theirs.oid.slice(0, 7)}. Check out the commit to keep inside the submodule, then \`git add\` it.`,
    };
  if (ours.mode === SYMLINK)
    return { read: "link", note: "A symbolic link both sides changed: where each points is below. Keep one target." };
  return { read: "file", note: null };
}

/**
 * Why a file git could not merge has no conflict markers, from its `merge` attribute (`git
 * check-attr merge`): a merge driver Arbor switched off (the repository is not trusted) or one
 * that failed, `-merge` / `merge=binary`, a side git found binary (its message said so; the
 * merged tree keeps the base's version, which may be text), else the general note. Pure.
 */
export function describeUnmarkedFile(input: {
  mergeAttribute: string | null;
  isTrusted: boolean;
  base: string;
  /** merge-tree said "Cannot merge binary files" about it. */
  isBinary: boolean;
}): string {
  const { mergeAttribute: driver, base } = input;
  if (driver === "unset" || driver === "binary")
    return `No conflict markers: .gitattributes marks it not to be merged line by line (\`-merge\` or \`merge=binary\`), so git kept ${base}'s version; choose or combine the two versions by hand.`;
  if (driver === null || BUILT_IN_MERGES.has(driver)) return input.isBinary ? BINARY_NOTE : NO_MARKERS_NOTE;
  return input.isTrusted
    ? `No conflict markers: its merge driver \`${driver}\` (named in .gitattributes) could not merge it, so git kept ${base}'s version; merge the two versions by hand.`
    : `No conflict markers: its merge driver \`${driver}\` (named in .gitattributes) was not run, as Arbor runs no program of a repository you have not trusted, so git kept ${base}'s version. Trust the repository to let the driver merge it, or merge the two versions by hand.`;
}

/** A file git would not merge line by line because one side (at least) is binary. */
export const BINARY_NOTE = "Binary: no text hunks; keep one of the two versions.";
/** merge-tree's type for a file it would not merge line by line as binary. */
export const BINARY_CONFLICT = "CONFLICT (binary)";

const RENAME_RENAME = "CONFLICT (rename/rename)";
const RENAME_DELETE = "CONFLICT (rename/delete)";
/** git's type for a path whose sides are different kinds of entry (its text says "distinct types"). */
const DISTINCT_TYPES = "CONFLICT (distinct modes)";

/** git's text without its `CONFLICT (…): ` label. */
const withoutPrefix = (text: string) => text.replace(/^CONFLICT \([^)]*\): /, "");

const SUBMODULE = "160000";
const SYMLINK = "120000";
/** `git check-attr merge` values that name no driver of the repository. */
const BUILT_IN_MERGES = new Set(["set", "unspecified", "text", "union"]);

function kindOf(stage: ConflictStage): string {
  return stage.mode === SUBMODULE ? "submodule" : stage.mode === SYMLINK ? "symbolic link" : "file";
}
