"use client";

/** Whether Arbor started the Claude session (a chat run) or the user did, in a terminal. */
export function OriginBadge({ isArborRun }: { isArborRun: boolean }) {
  return (
    <span
      data-testid="timeline-origin"
      data-origin={isArborRun ? "arbor" : "terminal"}
      className={`shrink-0 rounded px-1.5 py-px text-[10px] font-medium ${
        isArborRun
          ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
          : "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
      }`}
    >
      {isArborRun ? "Arbor run" : "terminal"}
    </span>
  );
}
