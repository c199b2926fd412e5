"use client";

/** The second step of Archive: what it does, then confirm or cancel. */
export function ArchiveConfirm(props: { isPending: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div data-testid="archive-confirm-box" className="flex flex-wrap items-center gap-2 text-xs">
      <span>
        Archive this conversation? It becomes read-only; the worktree&apos;s next conversation starts fresh and carries
        its summary.
      </span>
      <button
        type="button"
        data-testid="archive-confirm"
        disabled={props.isPending}
        onClick={props.onConfirm}
        className="rounded-md bg-red-600 px-2 py-0.5 font-medium text-white hover:bg-red-700 disabled:opacity-50"
      >
        {props.isPending ? "Archiving…" : "Archive"}
      </button>
      <button
        type="button"
        data-testid="archive-cancel"
        onClick={props.onCancel}
        className="rounded-md border border-zinc-300 px-2 py-0.5 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        Cancel
      </button>
    </div>
  );
}
