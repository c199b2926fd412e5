import type { QueryClient, QueryKey } from "@tanstack/react-query";

/** Per client, the keys that already have a refetch waiting for the one in flight. */
const trailingByClient = new WeakMap<QueryClient, Set<string>>();

/**
 * Refetches a query that many events make stale (a repository's scans, the attention view, its
 * activity) without starving it: React Query's invalidation cancels a fetch in flight and starts
 * again, so under a steady stream of changes (ten agents finishing and starting) an answer that
 * takes longer than the gap between two changes would never arrive. Here a fetch in flight is let
 * finish and one more follows it, which covers every change that came meanwhile: at most one fetch
 * running and one waiting.
 */
export function refreshLatest(client: QueryClient, queryKey: QueryKey): void {
  const queries = client.getQueryCache().findAll({ queryKey });
  if (!queries.some((query) => query.state.fetchStatus === "fetching")) {
    void client.invalidateQueries({ queryKey });
    return;
  }
  const trailing = trailingByClient.get(client) ?? new Set<string>();
  trailingByClient.set(client, trailing);
  const key = JSON.stringify(queryKey);
  if (trailing.has(key)) return;
  trailing.add(key);
  void client.invalidateQueries({ queryKey }, { cancelRefetch: false }).finally(() => {
    trailing.delete(key);
    void client.invalidateQueries({ queryKey });
  });
}
