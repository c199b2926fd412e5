"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { EMPTY_LIVE_RUNS, type LiveRunsState } from "./live-run-types.ts";
import { useRealtime } from "./RealtimeProvider.tsx";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/**
 * Subscribes the socket to a session while mounted and returns its live runs. The state is
 * written only by WebSocket events (setQueryData); the queryFn just returns what is cached,
 * so an invalidation can never wipe it.
 */
export function useSessionLive(sessionId: string): LiveRunsState {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => realtime.subscribeSession(sessionId), [realtime, sessionId]);
  const live = useQuery({
    queryKey: queryKeys.liveRuns(sessionId),
    queryFn: () => queryClient.getQueryData<LiveRunsState>(queryKeys.liveRuns(sessionId)) ?? EMPTY_LIVE_RUNS,
    staleTime: Infinity,
  });
  return live.data ?? EMPTY_LIVE_RUNS;
}
