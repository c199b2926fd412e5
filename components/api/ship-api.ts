"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InfiniteData } from "@tanstack/react-query";
import type { MessageView, RunView } from "@/lib/realtime/chat-views.ts";
import { upsertMessage, type MessagePage } from "@/components/memory/message-paging.ts";
import type {
  PullRequestInfo,
  PullRequestView,
  PushResult,
  TidyAction,
  TidyOptions,
  TidyPreview,
  TidyResult,
} from "@/lib/worktrees/ship-types.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { fetchJson } from "./fetch-json.ts";

/** Push on a worktree: its branch where git would push it (see lib/worktrees/ship/push-target.ts). */
export function usePushWorktree(repoId: string, worktreePath: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<PushResult>("/api/worktrees/push", { method: "POST", body: { repoId, worktreePath } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.pullRequest(repoId, worktreePath) });
      await client.invalidateQueries({ queryKey: queryKeys.worktrees(repoId) });
    },
  });
}

/** gh's state, the compare URL, the drafted title and body, and the branch's pull request. */
export function usePullRequestInfo(repoId: string, worktreePath: string, options: { isEnabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.pullRequest(repoId, worktreePath),
    queryFn: ({ signal }) =>
      fetchJson<PullRequestInfo>(
        `/api/worktrees/pull-request?repoId=${encodeURIComponent(repoId)}&worktreePath=${encodeURIComponent(worktreePath)}`,
        { signal },
      ),
    enabled: options.isEnabled,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useCreatePullRequest(repoId: string, worktreePath: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { base: string; title: string; body: string }) =>
      fetchJson<PullRequestView>("/api/worktrees/pull-request", {
        method: "POST",
        body: { repoId, worktreePath, ...input },
      }),
    // Also after a failure: when gh says the pull request already exists, the dialog then shows it.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.pullRequest(repoId, worktreePath) }),
  });
}

/** Tidy up's view and preview (touches nothing). */
export function useTidyPreview(repoId: string) {
  return useMutation({
    mutationFn: (options: TidyOptions) =>
      fetchJson<TidyPreview>(`/api/repos/${encodeURIComponent(repoId)}/tidy/preview`, {
        method: "POST",
        body: options,
      }),
  });
}

/** Reclaim: the preview's actions, each checked again by the server before it runs. */
export function useReclaim(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (actions: TidyAction[]) =>
      fetchJson<TidyResult>(`/api/repos/${encodeURIComponent(repoId)}/tidy/reclaim`, {
        method: "POST",
        body: {
          actions: actions.map(({ kind, worktreePath, folders }) => ({ kind, worktreePath, folders })),
        },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.worktrees(repoId) });
      await client.invalidateQueries({ queryKey: queryKeys.attention() });
    },
  });
}

/** POST /api/worktrees/pull-request/fix: a failed CI check's failing tests and log go to Claude, shown at once like a send. */
export function useFixCiCheck(repoId: string, worktreePath: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (check: string) =>
      fetchJson<{ userMessage: MessageView; run: RunView }>("/api/worktrees/pull-request/fix", {
        method: "POST",
        body: { repoId, worktreePath, check },
      }),
    onSuccess: (accepted) =>
      client.setQueryData<InfiniteData<MessagePage>>(queryKeys.messages(accepted.userMessage.sessionId), (pages) =>
        upsertMessage(pages, accepted.userMessage),
      ),
  });
}
