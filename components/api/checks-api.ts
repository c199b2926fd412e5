"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InfiniteData } from "@tanstack/react-query";
import type { AutoFixView, WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import type { MessageView, RunView } from "@/lib/realtime/chat-views.ts";
import { upsertMessage, type MessagePage } from "@/components/memory/message-paging.ts";
import { mergeStartedChecks } from "@/lib/checks/apply-check-messages.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { fetchJson } from "./fetch-json.ts";

interface WorktreeRef {
  repoId: string;
  worktreePath: string;
}

/** GET /api/worktrees/checks: the latest run of each check; `check_run`/`check_output` messages keep it live. */
export function useWorktreeChecks(input: WorktreeRef) {
  return useQuery({
    queryKey: queryKeys.worktreeChecks(input.repoId, input.worktreePath),
    queryFn: ({ signal }) =>
      fetchJson<WorktreeChecksView>(`/api/worktrees/checks?${new URLSearchParams({ ...input }).toString()}`, {
        signal,
      }),
  });
}

/** POST /api/worktrees/checks: runs them now (202 with the runs started; their ends arrive live). */
export function useRunChecks(input: WorktreeRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<WorktreeChecksView>("/api/worktrees/checks", { method: "POST", body: input }),
    onSuccess: (view) =>
      client.setQueryData<WorktreeChecksView>(queryKeys.worktreeChecks(input.repoId, input.worktreePath), (cached) =>
        mergeStartedChecks(cached, view),
      ),
  });
}

/** POST /api/worktrees/checks/fix: the failures go to Claude as the next message, shown at once like a send. */
export function useFixChecks(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      fetchJson<{ userMessage: MessageView; run: RunView }>("/api/worktrees/checks/fix", {
        method: "POST",
        body: { sessionId },
      }),
    onSuccess: (accepted) =>
      client.setQueryData<InfiniteData<MessagePage>>(queryKeys.messages(sessionId), (pages) =>
        upsertMessage(pages, accepted.userMessage),
      ),
  });
}

/** PUT /api/worktrees/checks/auto-fix: turns the worktree's automatic fixes on or off (the count starts again). */
export function useSetAutoFix(input: WorktreeRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      fetchJson<{ autoFix: AutoFixView }>("/api/worktrees/checks/auto-fix", {
        method: "PUT",
        body: { ...input, enabled },
      }),
    onSuccess: ({ autoFix }) =>
      client.setQueryData<WorktreeChecksView>(queryKeys.worktreeChecks(input.repoId, input.worktreePath), (view) =>
        view ? { ...view, autoFix } : view,
      ),
  });
}
