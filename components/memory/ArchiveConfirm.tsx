"use client";

import { Button } from "@/components/ui/Button.tsx";

/** The second step of Archive: what it does, then confirm or cancel. */
export function ArchiveConfirm(props: { isPending: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div data-testid="archive-confirm-box" className="flex flex-wrap items-center gap-2 text-xs">
      <span>
        Archive this conversation? It becomes read-only; the worktree&apos;s next conversation starts fresh and carries
        its summary.
      </span>
      <Button
        variant="danger"
        size="sm"
        data-testid="archive-confirm"
        disabled={props.isPending}
        onClick={props.onConfirm}
      >
        {props.isPending ? "Archiving…" : "Archive"}
      </Button>
      <Button size="sm" data-testid="archive-cancel" onClick={props.onCancel}>
        Cancel
      </Button>
    </div>
  );
}
