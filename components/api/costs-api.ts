"use client";

import { useQuery } from "@tanstack/react-query";
import type { RepoCosts } from "@/lib/chat/costs/roll-up-costs.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { fetchJson } from "./fetch-json.ts";

/** What a repository's agents cost; refreshed when a run ends (worktree_activity). */
export function useRepoCosts(repoId: string) {
  return useQuery({
    queryKey: queryKeys.costs(repoId),
    queryFn: ({ signal }) =>
      fetchJson<{ costs: RepoCosts }>(`/api/repos/${repoId}/costs`, { signal }).then((body) => body.costs),
  });
}
