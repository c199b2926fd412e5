"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AttentionItem } from "@/lib/chat/attention/attention.ts";
import { fetchJson } from "@/components/api/fetch-json.ts";
import { usePins } from "@/components/api/pins-api.ts";
import { withStatesAnnouncedSince } from "./live-attention.ts";
import { useRealtime } from "@/components/realtime/RealtimeProvider.tsx";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** Every pinned repository's worktrees by urgency, live: the socket follows each pinned repository. */
export function useAttention() {
  const realtime = useRealtime();
  const pins = usePins();
  const repoIds = (pins.data ?? []).map((pin) => pin.repoId).join(" ");
  useEffect(() => {
    const unsubscribes = repoIds
      .split(" ")
      .filter(Boolean)
      .map((repoId) => realtime.subscribeRepo(repoId));
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [realtime, repoIds]);
  return useQuery({
    queryKey: queryKeys.attention(),
    queryFn: async ({ signal }) => {
      const startedAt = performance.now();
      const body = await fetchJson<{ items: AttentionItem[] }>("/api/attention", { signal });
      return withStatesAnnouncedSince(body.items, startedAt);
    },
  });
}
