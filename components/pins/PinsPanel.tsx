"use client";

import type { PinView } from "@/lib/pins/pin-types.ts";
import type { TrustStatus } from "@/lib/trust/trust-types.ts";
import { countNeedingUser } from "@/lib/chat/attention/attention.ts";
import { usePins } from "@/components/api/pins-api.ts";
import { useAttention } from "@/components/attention/use-attention.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { AddPinForm } from "./AddPinForm.tsx";
import { PinList } from "./PinList.tsx";

/** Left column: pin a repository once, then pick it from the list. */
export function PinsPanel(props: {
  selectedRepoId: string | null;
  onSelect: (pin: PinView) => void;
  onPinned: (repoId: string, trust: TrustStatus) => void;
  onOpenAttention: () => void;
  onOpenPalette: () => void;
}) {
  const pins = usePins();
  const needing = countNeedingUser(useAttention().data ?? []);
  return (
    <aside className="flex h-full w-full shrink-0 flex-col gap-4 overflow-y-auto border-r md:w-72 border-zinc-200 p-3 dark:border-zinc-800">
      {/* Two rows, so nothing overlaps in the 18rem column: the name and Ctrl K, then the control room. */}
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="flex flex-1 items-center gap-2 text-lg font-semibold tracking-tight">
          {/* The app's own icon: an emoji depends on the system's fonts (a blank box without an emoji font). */}
          <img src="/favicon.svg" alt="" width={20} height={20} />
          Arbor
        </h1>
        <Button
          size="xs"
          className="ml-auto whitespace-nowrap font-mono"
          onClick={props.onOpenPalette}
          data-testid="palette-open"
          aria-label="Ctrl K: commands"
          title="Commands: start a task, open a worktree or a repository, go to a page (Ctrl+K or ⌘K)"
        >
          Ctrl K
        </Button>
        <Button
          size="md"
          className="w-full whitespace-nowrap"
          onClick={props.onOpenAttention}
          data-testid="open-attention"
          data-count={needing}
        >
          What needs you{needing > 0 ? ` (${needing})` : ""}
        </Button>
      </div>
      <section>
        <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">Pin a repository</h2>
        <AddPinForm onPinned={props.onPinned} />
      </section>
      <section className="min-h-0 flex-1">
        <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">Pinned</h2>
        {pins.isPending ? <p className="text-sm text-zinc-500">Loading pins…</p> : null}
        {pins.error ? <ErrorNotice error={pins.error} /> : null}
        {pins.data && pins.data.length === 0 ? (
          <p className="text-sm text-zinc-500" data-testid="pins-empty">
            No pins yet. Paste the path of a git repository above; every worktree of it will be listed.
          </p>
        ) : null}
        {pins.data ? (
          <PinList pins={pins.data} selectedRepoId={props.selectedRepoId} onSelect={props.onSelect} />
        ) : null}
      </section>
    </aside>
  );
}
