"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RunnerOfferView } from "@/lib/runners/runner-offer-view.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { fetchJson } from "./fetch-json.ts";

const runnerUrl = (repoId: string) => `/api/repos/${repoId}/runner`;

/** This instance's offer of the repository's clone to the team's plans, or null. */
export function useRunnerOffer(repoId: string) {
  return useQuery({
    queryKey: queryKeys.runner(repoId),
    queryFn: ({ signal }) =>
      fetchJson<{ runner: RunnerOfferView | null }>(runnerUrl(repoId), { signal }).then((r) => r.runner),
  });
}

/** PUT `{ slots }` offers the clone (or changes its slots; the server checks them); null takes the offer back (DELETE). */
export function useSetRunnerOffer(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slots: number | string | null) =>
      fetchJson<{ runner: RunnerOfferView | null }>(runnerUrl(repoId), {
        method: slots === null ? "DELETE" : "PUT",
        ...(slots === null ? {} : { body: { slots } }),
      }).then((r) => r.runner),
    onSuccess: (runner) => client.setQueryData(queryKeys.runner(repoId), runner),
  });
}
