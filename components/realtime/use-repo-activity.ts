"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { fetchActivity } from "@/components/api/chat-api.ts";
import { useRealtime } from "./RealtimeProvider.tsx";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** Per-worktree run activity of a repository, refetched whenever the server says it changed. */
export function useRepoActivity(repoId: string) {
  const realtime = useRealtime();
  useEffect(() => realtime.subscribeRepo(repoId), [realtime, repoId]);
  return useQuery({ queryKey: queryKeys.activity(repoId), queryFn: ({ signal }) => fetchActivity(repoId, signal) });
}
