"use client";

/** Marks a message that "Lighten" moved out of the working history (shown under "Show older"). */
export function ArchivedTag() {
  return (
    <span
      data-testid="archived-tag"
      className="rounded bg-zinc-200 px-1 py-px text-[10px] font-medium uppercase tracking-wide text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400"
    >
      archived
    </span>
  );
}
