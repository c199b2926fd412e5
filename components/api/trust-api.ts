"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { TrustView } from "@/lib/trust/trust-types.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { ApiError, fetchJson } from "./fetch-json.ts";

const trustUrl = (repoId: string) => `/api/repos/${repoId}/trust`;

/** What the repository would run and whether the user trusts it (read fresh: files may change any time). */
export function useRepoTrust(repoId: string | null) {
  return useQuery({
    queryKey: queryKeys.trust(repoId ?? "none"),
    queryFn: ({ signal }) => fetchJson<{ trust: TrustView }>(trustUrl(repoId!), { signal }).then((r) => r.trust),
    enabled: repoId !== null,
    staleTime: 0,
  });
}

/**
 * POST the digest of the inspection the user saw. When the repository changed since (409), the
 * cache gets the new inspection from the error, so the dialog shows what changed.
 */
export function useTrustRepo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { repoId: string; digest: string }) =>
      fetchJson<{ trust: TrustView }>(trustUrl(input.repoId), { method: "POST", body: { digest: input.digest } }).then(
        (r) => r.trust,
      ),
    onSuccess: (trust) => showTrust(client, trust),
    onError: (error, input) => {
      const fresh = error instanceof ApiError ? (error.details?.trust as TrustView | undefined) : undefined;
      if (fresh) client.setQueryData(queryKeys.trust(input.repoId), fresh);
    },
  });
}

/** DELETE: stop trusting the repository. */
export function useRevokeTrust() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (repoId: string) =>
      fetchJson<{ trust: TrustView }>(trustUrl(repoId), { method: "DELETE" }).then((r) => r.trust),
    onSuccess: (trust) => showTrust(client, trust),
  });
}

/** Seeds the cache with the view a pin response carried, so the dialog opens without another request. */
export function useSeedTrust() {
  const client = useQueryClient();
  return (trust: TrustView) => client.setQueryData(queryKeys.trust(trust.repoId), trust);
}

/**
 * Shows the server's answer at once, then reads it again: a GET that started before the decision
 * (after a send, say) must not land afterwards with the old state, and invalidating cancels it.
 */
function showTrust(client: QueryClient, trust: TrustView): void {
  client.setQueryData(queryKeys.trust(trust.repoId), trust);
  void client.invalidateQueries({ queryKey: queryKeys.trust(trust.repoId) });
  // Sandboxed plan runs are offered only in a trusted repository.
  void client.invalidateQueries({ queryKey: queryKeys.sandboxOffer(trust.repoId) });
}
