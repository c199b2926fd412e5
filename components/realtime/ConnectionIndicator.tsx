"use client";

import { useSyncExternalStore } from "react";
import type { ConnectionState } from "./realtime-client.ts";
import { useRealtime } from "./RealtimeProvider.tsx";

const LOOK: Record<ConnectionState, { label: string; dot: string }> = {
  connected: { label: "Live", dot: "bg-emerald-500" },
  connecting: { label: "Connecting…", dot: "bg-zinc-400" },
  reconnecting: { label: "Reconnecting…", dot: "bg-amber-500 motion-safe:animate-pulse" },
};

/** Whether live updates are flowing: a dot and a word. */
export function ConnectionIndicator() {
  const realtime = useRealtime();
  const state = useSyncExternalStore(realtime.onStateChange, realtime.getState, () => "connecting" as const);
  const look = LOOK[state];
  return (
    <span
      data-testid="connection-status"
      data-state={state}
      className="inline-flex items-center gap-1.5 text-[11px] text-zinc-500"
      title="Live updates over WebSocket"
    >
      <span className={`h-2 w-2 rounded-full ${look.dot}`} aria-hidden />
      {look.label}
    </span>
  );
}
