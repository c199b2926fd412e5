"use client";

import { useQuery } from "@tanstack/react-query";
import type { MergeOrder } from "@/lib/design/merge-order/merge-order.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { fetchJson } from "./fetch-json.ts";

/**
 * The order to land a plan's branches, with conflict risks: its own query, fetched after the
 * dashboard so the tree shows without waiting for the merge-tree checks. Refreshed with the dashboard.
 */
export function useMergeOrder(input: { repoId: string; planId: string }) {
  return useQuery({
    queryKey: queryKeys.mergeOrder(input.repoId, input.planId),
    queryFn: ({ signal }) =>
      fetchJson<{ mergeOrder: MergeOrder }>(`/api/plans/${input.planId}/merge-order`, { signal }).then(
        (r) => r.mergeOrder,
      ),
  });
}
