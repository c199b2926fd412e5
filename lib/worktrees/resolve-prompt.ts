import type { ConflictFile, LandingPreview } from "./worktree-types.ts";

/** The request stays this small whatever the conflicts are (hunks are bounded too, see HUNK_LIMITS). */
export const RESOLVE_PROMPT_MAX_CHARS = 40_000;

/**
 * The message "Ask Claude to resolve" sends in the branch's worktree: merge the base into the
 * branch, resolve the conflicting files (each with both sides of each hunk: the base's and the
 * branch's), commit. Pure; bounded by RESOLVE_PROMPT_MAX_CHARS (files past it are named only).
 */
export function buildResolvePrompt(
  preview: Pick<LandingPreview, "branch" | "base" | "conflicts" | "conflictingFiles">,
): string {
  const { base, branch } = preview;
  const head = [
    `Landing \`${branch}\` into \`${base}\` would conflict in ${preview.conflictingFiles.length === 1 ? "1 file" : `${preview.conflictingFiles.length} files`}. Please resolve it in this worktree:`,
    "",
    `1. Merge the base into this branch: \`git merge ${base}\` (it will stop on the conflicts below).`,
    `2. Resolve each conflicting file, keeping what both sides meant; remove every conflict marker.`,
    `3. \`git add\` the resolved files and commit the merge (\`git commit --no-edit\`).`,
    `4. Say in one line per file how you resolved it.`,
    "",
    `Conflicting files: ${preview.conflictingFiles.map((file) => `\`${file}\``).join(", ")}.`,
    "Each hunk below shows the base's version first, then this branch's.",
  ].join("\n");
  let prompt = head;
  const skipped: string[] = [];
  for (const file of preview.conflicts) {
    const section = formatFile(file, { base, branch });
    if (prompt.length + section.length + 2 > RESOLVE_PROMPT_MAX_CHARS) skipped.push(file.path);
    else prompt += `\n\n${section}`;
  }
  const unshown = [
    ...skipped,
    ...preview.conflictingFiles.filter((file) => !preview.conflicts.some((c) => c.path === file)),
  ];
  if (unshown.length > 0)
    prompt += `\n\nNot shown here to keep this message short (read them after the merge): ${unshown.map((file) => `\`${file}\``).join(", ")}.`;
  return prompt;
}

function formatFile(file: ConflictFile, names: { base: string; branch: string }): string {
  const parts = [`## ${file.path}`];
  if (file.note) parts.push(file.note);
  for (const hunk of file.hunks) {
    parts.push(
      `### Conflict at line ${hunk.line}${hunk.isTruncated ? " (sides cut short)" : ""}`,
      `${names.base} (the base):`,
      fence(hunk.base),
      `${names.branch} (this branch):`,
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
