"use client";

/** Marks a message that "Lighten" moved out of the working history (shown under "Show older"). */
export function ArchivedTag() {
  return (
    <span data-testid="archived-tag" className="rounded bg-zinc-200 px-1 py-px text-[10px] font-medium uppercase tracking-wide text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">
      archived
    </span>
  );
}

/** Classes for a message the user jumped to from a search hit. */
export function focusRingClass(isFocused: boolean): string {
  return isFocused ? "rounded-md ring-2 ring-amber-400 ring-offset-2 ring-offset-white dark:ring-offset-zinc-950" : "";
}
