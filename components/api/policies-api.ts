"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChainHandler, TopicView } from "@/lib/hook-policies/policy-views.ts";
import type { RepoPolicyView } from "@/lib/hook-policies/policy-views.ts";
import { fetchJson } from "./fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

export type { RepoPolicyView, TopicView };
export type TopicEntryView = TopicView["entries"][number];

export interface HookChainView {
  handlers: ChainHandler[];
  problems: string[];
}

/** The server invalidates ["topics", repoId] when the recorder logs an entry or a summary lands. */

export function usePolicies(repoId: string) {
  return useQuery({
    queryKey: queryKeys.policies(repoId),
    queryFn: ({ signal }) =>
      fetchJson<{ policies: RepoPolicyView }>(`/api/repos/${repoId}/policies`, { signal }).then((r) => r.policies),
  });
}

/**
 * PUT /api/repos/:repoId/policies with the changed switches. The switch moves at once (the
 * cache is patched before the request) and is put back if the server refuses.
 */
export function useSavePolicies(repoId: string) {
  const client = useQueryClient();
  const key = queryKeys.policies(repoId);
  return useMutation({
    mutationFn: (patch: Partial<RepoPolicyView>) =>
      fetchJson<{ policies: RepoPolicyView }>(`/api/repos/${repoId}/policies`, { method: "PUT", body: patch }).then(
        (r) => r.policies,
      ),
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<RepoPolicyView>(key);
      if (before) client.setQueryData<RepoPolicyView>(key, { ...before, ...patch });
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (policies) => client.setQueryData(key, policies),
  });
}

export function useTopics(repoId: string) {
  return useQuery({
    queryKey: queryKeys.topics(repoId),
    queryFn: ({ signal }) =>
      fetchJson<{ topics: TopicView[] }>(`/api/repos/${repoId}/topics`, { signal }).then((r) => r.topics),
  });
}

/** POST a decision on a topic (it becomes decided), then the topics are asked again. */
export function useRecordDecision(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { topicId: number; text: string }) =>
      fetchJson<{ ok: true }>(`/api/repos/${repoId}/topics/${input.topicId}/decisions`, {
        method: "POST",
        body: { text: input.text },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.topics(repoId) }),
  });
}

/** The hooks in effect for a worktree; read from the settings files each time it is shown. */
export function useHookChain(input: { repoId: string; worktreePath: string | null }) {
  return useQuery({
    queryKey: queryKeys.hookChain(input.repoId, input.worktreePath ?? "none"),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ repoId: input.repoId, worktreePath: input.worktreePath ?? "" });
      return fetchJson<HookChainView>(`/api/hooks/chain?${query.toString()}`, { signal });
    },
    enabled: input.worktreePath !== null,
    staleTime: 0,
    refetchOnMount: "always",
  });
}
