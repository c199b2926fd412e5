import { formatCode as code } from "@/lib/prompt/format-markdown.ts";
import { shellWord } from "@/lib/worktrees/shell-word.ts";
import { unshownConflicts } from "./unshown-conflicts.ts";
import type { ConflictFile, LandingPreview } from "@/lib/worktrees/worktree-types.ts";

/** The request stays this small whatever the conflicts are (hunks are bounded too, see HUNK_LIMITS). */
export const RESOLVE_PROMPT_MAX_CHARS = 40_000;
/** Room for the names listed at the top and again after the hunks: the rest is for the hunks. */
const NAMES_MAX_CHARS = 3_000;

/**
 * The message "Ask Claude to resolve" sends in the branch's worktree: merge the base into the
 * branch, resolve the conflicting files (each with both sides of each hunk: the base's and the
 * branch's), commit. Pure; never longer than RESOLVE_PROMPT_MAX_CHARS: files past it are named
 * while there is room, then counted, with the command that lists them all (thousands of paths
 * listed in full made a message past the 1 MB limit, refused with "Shorten it" about text the
 * user did not write).
 */
export function buildResolvePrompt(
  preview: Pick<LandingPreview, "branch" | "base" | "conflicts" | "conflictingFiles" | "conflictingFileCount">,
): string {
  const { base, branch } = preview;
  const count = Math.max(preview.conflictingFileCount, preview.conflictingFiles.length);
  const listAll = "`git diff --name-only --diff-filter=U` lists them all after step 1";
  const listed = nameWithin({ files: preview.conflictingFiles, total: count, maxChars: NAMES_MAX_CHARS });
  const head = [
    `Landing ${code(branch)} into ${code(base)} would conflict in ${count === 1 ? "1 file" : `${count} files`}. Please resolve it in this worktree:`,
    "",
    // --end-of-options: a branch named like an option (`-x`) is still read as the branch.
    `1. Merge the base into this branch: ${code(`git merge --end-of-options ${shellWord(base)}`)} (it will stop on the conflicts below).`,
    `2. Resolve each conflicting file, keeping what both sides meant; remove every conflict marker.`,
    `3. \`git add\` the resolved files and commit the merge (\`git commit --no-edit\`).`,
    `4. Say in one line per file how you resolved it.`,
    "",
    `Conflicting files: ${listed.text}.${listed.isCut ? ` ${capitalize(listAll)}.` : ""}`,
    "Each hunk below shows the base's version first, then this branch's.",
  ].join("\n");
  // What is left once the list of files not shown (bounded by NAMES_MAX_CHARS) has its room.
  const room = RESOLVE_PROMPT_MAX_CHARS - NAMES_MAX_CHARS - 400;
  let prompt = head;
  const shown: string[] = [];
  for (const file of preview.conflicts) {
    const section = formatFile(file, { base, branch });
    if (prompt.length + section.length + 2 > room) continue;
    prompt += `\n\n${section}`;
    shown.push(file.path);
  }
  const unshown = unshownConflicts(preview.conflictingFiles, shown);
  const unshownCount = count - shown.length;
  if (unshownCount > 0) {
    const names = nameWithin({ files: unshown, total: unshownCount, maxChars: NAMES_MAX_CHARS }).text;
    prompt += `\n\nNot shown here, to keep this message short (${listAll}): ${names}.`;
  }
  return prompt;
}

/** `a`, `b` and 12 more: names in backticks while they fit in maxChars, then how many are left. */
function nameWithin(input: { files: readonly string[]; total: number; maxChars: number }): {
  text: string;
  isCut: boolean;
} {
  const named: string[] = [];
  let length = 0;
  for (const file of input.files) {
    const name = code(file);
    if (length + name.length + 2 > input.maxChars) break;
    named.push(name);
    length += name.length + 2;
  }
  const more = input.total - named.length;
  if (named.length === 0) return { text: `${input.total} ${input.total === 1 ? "file" : "files"}`, isCut: true };
  return { text: more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", "), isCut: more > 0 };
}

const capitalize = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * One file's section. Its name, the branch names and the note (which quotes names from the
 * repository) are code spans they cannot close, so a file named like an instruction reads as a
 * name, never as Arbor's words; the sides are fenced blocks.
 */
function formatFile(file: ConflictFile, names: { base: string; branch: string }): string {
  const parts = [`## File ${code(file.path)}`];
  if (file.note) parts.push(`About it: ${code(file.note)}`);
  for (const hunk of file.hunks) {
    parts.push(
      `### Conflict at line ${hunk.line}${hunk.isTruncated ? " (sides cut short)" : ""}`,
      `${code(names.base)} (the base):`,
      fence(hunk.base),
      `${code(names.branch)} (this branch):`,
      fence(hunk.branch),
    );
  }
  if (file.moreHunks > 0)
    parts.push(`… and ${file.moreHunks} more ${file.moreHunks === 1 ? "conflict" : "conflicts"} in this file.`);
  return parts.join("\n");
}

/** A code block whose fence is longer than any run of backticks inside it. */
function fence(lines: string[]): string {
  const longest = Math.max(
    0,
    ...lines.map((line) => Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length))),
  );
  const marks = "`".repeat(Math.max(3, longest + 1));
  return [marks, ...(lines.length > 0 ? lines : ["(nothing: this side removed these lines)"]), marks].join("\n");
}
