"use client";

import { revealHiddenText } from "@/lib/worktrees/conflicts/reveal-hidden-text.ts";
import type { ConflictHunk, LandingPreview } from "@/lib/worktrees/worktree-types.ts";
import { unshownConflicts } from "@/lib/worktrees/conflicts/unshown-conflicts.ts";
import { visibleName } from "@/components/ui/VisibleName.tsx";

/**
 * Each conflicting file of a land preview with its hunks: the base's side, then the branch's. Names
 * and lines are shown with their invisible characters written out (revealHiddenText), so a
 * repository cannot make a side read as something it does not hold.
 */
export function ConflictList({ preview }: { preview: LandingPreview }) {
  const unshown = unshownConflicts(
    preview.conflictingFiles,
    preview.conflicts.map((file) => file.path),
  );
  // The answer lists only the first conflicting files; the count says how many there are in all.
  const unlisted = preview.conflictingFileCount - preview.conflictingFiles.length;
  return (
    <div className="space-y-2" data-testid="land-conflicts">
      {preview.conflicts.map((file, index) => (
        <section
          key={`${index}\0${file.path}`}
          className="rounded-md border border-zinc-200 dark:border-zinc-800"
          data-testid="land-conflict-file"
          data-path={file.path}
        >
          <h3 className="break-all border-b border-zinc-200 px-2 py-1 font-mono font-semibold dark:border-zinc-800">
            {revealHiddenText(file.path)}
          </h3>
          {file.note ? (
            <p className="px-2 py-1 text-zinc-600 dark:text-zinc-400">{revealHiddenText(file.note)}</p>
          ) : null}
          {file.hunks.map((hunk) => (
            <HunkSides key={hunk.line} hunk={hunk} base={preview.base} branch={preview.branch} />
          ))}
          {file.moreHunks > 0 ? (
            <p className="px-2 py-1 text-zinc-600 dark:text-zinc-400">
              … and {file.moreHunks} more {file.moreHunks === 1 ? "conflict" : "conflicts"} in this file.
            </p>
          ) : null}
        </section>
      ))}
      {unshown.length > 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400" data-testid="land-conflicts-unshown">
          Also conflicting (not shown):{" "}
          <span className="break-all font-mono">{revealHiddenText(unshown.join(", "))}</span>
          {unlisted > 0 ? ` and ${unlisted} more` : ""}.
        </p>
      ) : null}
    </div>
  );
}

function HunkSides(props: { hunk: ConflictHunk; base: string; branch: string }) {
  const side = (label: string, lines: string[], tone: string, testId: string) => (
    <div className="min-w-0 flex-1" data-testid={testId}>
      <p className="truncate px-2 pt-1 text-[11px] font-medium text-zinc-600 dark:text-zinc-400" title={label}>
        {label}
      </p>
      <pre
        className={`max-h-48 overflow-auto whitespace-pre-wrap break-all px-2 py-1 font-mono text-[11px] ${tone}`}
        tabIndex={0}
      >
        {lines.length > 0 ? lines.map(revealHiddenText).join("\n") : "(removed)"}
      </pre>
    </div>
  );
  return (
    <div className="border-b border-zinc-100 last:border-b-0 dark:border-zinc-900" data-testid="land-hunk">
      <p className="px-2 pt-1 text-[11px] text-zinc-600 dark:text-zinc-400">
        Line {props.hunk.line}
        {props.hunk.isTruncated ? " (cut short)" : ""}
      </p>
      <div className="flex flex-col gap-1 pb-1 sm:flex-row">
        {side(`${visibleName(props.base)} (base)`, props.hunk.base, "bg-sky-50 dark:bg-sky-950/40", "land-hunk-base")}
        {side(
          `${visibleName(props.branch)} (branch)`,
          props.hunk.branch,
          "bg-amber-50 dark:bg-amber-950/40",
          "land-hunk-branch",
        )}
      </div>
    </div>
  );
}
