"use client";

import type { PinView } from "@/lib/pins/pin-types.ts";
import { useState } from "react";
import { useAddPin, useDeletePin } from "@/components/api/pins-api.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { IconButton } from "@/components/ui/IconButton.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";

/**
 * The pinned repositories, most recently used first. Unpinning keeps the repository's
 * conversations and offers Undo (pinning the same path again) until the next unpin.
 */
export function PinList(props: { pins: PinView[]; selectedRepoId: string | null; onSelect: (pin: PinView) => void }) {
  const deletePin = useDeletePin();
  const addPin = useAddPin();
  const [unpinned, setUnpinned] = useState<PinView | null>(null);
  const unpin = (pin: PinView) => deletePin.mutate(pin.id, { onSuccess: () => setUnpinned(pin) });
  const undo = (pin: PinView) =>
    addPin.mutate({ path: pin.localPath, label: pin.label ?? "" }, { onSuccess: () => setUnpinned(null) });
  return (
    <>
      {unpinned ? (
        <p
          className="mb-2 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400"
          role="status"
          data-testid="unpin-undo-bar"
        >
          <span className="min-w-0 flex-1 truncate">Unpinned {unpinned.label ?? unpinned.repoName}</span>
          <Button size="sm" data-testid="unpin-undo" disabled={addPin.isPending} onClick={() => undo(unpinned)}>
            Undo
          </Button>
        </p>
      ) : null}
      <ul className="space-y-1" data-testid="pin-list">
        {props.pins.map((pin) => {
          const isSelected = pin.repoId === props.selectedRepoId;
          return (
            <li key={pin.id} data-testid="pin-item" data-repo-id={pin.repoId} data-selected={isSelected}>
              <div
                className={`group flex items-start gap-2 rounded-md px-2 py-1.5 ${isSelected ? "bg-emerald-50 dark:bg-emerald-900/40" : "hover:bg-zinc-100 dark:hover:bg-zinc-800"}`}
              >
                <Button
                  variant="bare"
                  data-testid="pin-open"
                  onClick={() => props.onSelect(pin)}
                  className="min-w-0 flex-1 text-left"
                >
                  <span className="block truncate text-sm font-medium" data-testid="pin-name">
                    {pin.label ?? pin.repoName}
                  </span>
                  <span className="block truncate font-mono text-[11px] text-zinc-500" title={pin.localPath}>
                    {pin.localPath}
                  </span>
                  <span className="block text-[11px] text-zinc-500">used {formatRelativeTime(pin.lastUsedAt)}</span>
                  {pin.isMissing ? (
                    <Badge tone="red" data-testid="pin-missing" className="mt-0.5 inline-block">
                      directory missing
                    </Badge>
                  ) : null}
                </Button>
                <IconButton
                  label={`Unpin ${pin.label ?? pin.repoName}`}
                  variant="bare"
                  data-testid="pin-delete"
                  onClick={() => unpin(pin)}
                  // Always visible on touch screens; on wide ones shown on hover or keyboard focus.
                  className="text-xs text-zinc-500 hover:text-red-600 focus-visible:opacity-100 md:opacity-0 md:group-hover:opacity-100"
                >
                  ✕
                </IconButton>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
