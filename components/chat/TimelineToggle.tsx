"use client";

/** Shows or hides the hook timeline beside the chat. */
export function TimelineToggle({ isOn, onChange }: { isOn: boolean; onChange: (next: boolean) => void }) {
  return (
    <button
      type="button"
      data-testid="timeline-toggle"
      aria-pressed={isOn}
      onClick={() => onChange(!isOn)}
      title="Claude Code hook events of this worktree (Arbor runs and terminal sessions), beside the chat"
      className={`rounded-md border px-2 py-1 text-xs ${
        isOn
          ? "border-emerald-600 bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
          : "border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      }`}
    >
      Timeline
    </button>
  );
}
