"use client";

import { useEffect } from "react";
import { useRealtime } from "@/components/realtime/RealtimeProvider.tsx";

/**
 * Keeps the socket subscribed to hook events and relays while mounted: one worktree's, or every
 * directory's (`null`). What arrives is merged into the cached hook lists by the realtime handler.
 */
export function useHooksLive(worktreePath: string | null): void {
  const realtime = useRealtime();
  useEffect(() => realtime.subscribeHooks(worktreePath), [realtime, worktreePath]);
}
