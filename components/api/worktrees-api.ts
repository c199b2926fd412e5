"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WorktreeSetup } from "@/lib/worktrees/worktree-setup.ts";
import type {
  CreatedWorktree,
  LandBlockers,
  LandingPreview,
  LandMethod,
  LandQueueResult,
  LandResult,
  NewWorktreeOptions,
  OperationState,
  StartedTask,
} from "@/lib/worktrees/worktree-types.ts";
import type { RepoProgress } from "@/lib/worktrees/worktree-types.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { fetchJson } from "./fetch-json.ts";

/** GET /api/worktrees: branches, default branch, naming rule and setup, read fresh each time the dialog opens. */
export function useNewWorktreeOptions(repoId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.newWorktree(repoId),
    queryFn: ({ signal }) =>
      fetchJson<{ options: NewWorktreeOptions }>(`/api/worktrees?repoId=${repoId}`, { signal }).then(
        (body) => body.options,
      ),
    enabled: isEnabled,
    staleTime: 0,
    refetchOnMount: "always",
  });
}

/** POST /api/worktrees: the branch and worktree, then the setup's report; the list rescans. */
export function useCreateWorktree(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { branch: string; base: string; worktreePath: string; setupId?: string }) =>
      fetchJson<CreatedWorktree>("/api/worktrees", { method: "POST", body: { repoId, ...input } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.worktrees(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.newWorktree(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(repoId) });
    },
  });
}

/** POST /api/tasks: a task's branch, worktree and conversation, its first message queued; the list rescans. */
export function useStartTask(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; prompt: string; base: string; setupId?: string; planId?: string }) =>
      fetchJson<StartTaskBody>("/api/tasks", { method: "POST", body: { repoId, ...input } }),
    onSuccess: async (body) => {
      const rescanned = client.invalidateQueries({ queryKey: queryKeys.worktrees(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.newWorktree(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(repoId) });
      if (body.planNode) void client.invalidateQueries({ queryKey: queryKeys.planRun(body.planNode.planId) });
      // A started task's chat opens on its worktree, which the list must show first. A node the plan's run
      // starts has no worktree yet: its dialog answers at once, not after a rescan of every worktree.
      if (body.task) await rescanned;
    },
  });
}

/** POST /api/tasks: the task started now, or (added to a running plan) null, with the plan node it became. */
export interface StartTaskBody {
  task: StartedTask | null;
  planNode?: { planId: string; slug: string; isPaused?: boolean };
}

/** POST /api/worktrees/setup/stop: stops the running setup command of a "Create worktree" request. */
export function useStopSetup() {
  return useMutation({
    mutationFn: (setupId: string) =>
      fetchJson<{ isStopped: true }>("/api/worktrees/setup/stop", { method: "POST", body: { setupId } }),
  });
}

/** PUT /api/repos/:repoId/worktree-setup */
export function useSaveWorktreeSetup(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (setup: WorktreeSetup) =>
      fetchJson<{ setup: WorktreeSetup }>(`/api/repos/${repoId}/worktree-setup`, { method: "PUT", body: setup }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.newWorktree(repoId) }),
  });
}

/** POST /api/worktrees/land-check: would the branch merge cleanly into its base, and the hunks if not (nothing is touched). */
export function useLandCheck(repoId: string) {
  return useMutation({
    mutationFn: (input: { worktreePath: string; base?: string }) =>
      fetchJson<LandingPreview>("/api/worktrees/land-check", { method: "POST", body: { repoId, ...input } }),
  });
}

/** POST /api/worktrees/land-blockers: what must happen before landing (asked beside the land check, answered after it). */
export function useLandBlockers(repoId: string) {
  return useMutation({
    mutationFn: (input: { worktreePath: string; base?: string }) =>
      fetchJson<LandBlockers>("/api/worktrees/land-blockers", { method: "POST", body: { repoId, ...input } }),
  });
}

/** POST /api/worktrees/operation: the rebase or merge stopped in a worktree, or null. */
export function useOperationState(repoId: string) {
  return useMutation({
    mutationFn: (input: { worktreePath: string }) =>
      fetchJson<{ state: OperationState | null }>("/api/worktrees/operation", {
        method: "POST",
        body: { repoId, ...input },
      }).then((result) => result.state),
  });
}

/** POST /api/worktrees/abort: git rebase --abort (or merge --abort); the list rescans. */
export function useAbortOperation(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { worktreePath: string }) =>
      fetchJson<{ aborted: string }>("/api/worktrees/abort", { method: "POST", body: { repoId, ...input } }),
    // Not awaited: the abort is done when git is, and the list follows when its rescan answers.
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.worktrees(repoId) }),
  });
}

/** POST /api/worktrees/resolve: "Ask Claude to resolve", a run in the branch's worktree's chat. */
export function useAskToResolve(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { worktreePath: string; base?: string }) =>
      fetchJson<{ sessionId: string; worktreePath: string; userMessageId: number }>("/api/worktrees/resolve", {
        method: "POST",
        body: { repoId, ...input },
      }),
    onSuccess: async (result) => {
      await client.invalidateQueries({ queryKey: queryKeys.messages(result.sessionId) });
      void client.invalidateQueries({ queryKey: queryKeys.activity(repoId) });
    },
  });
}

/** POST /api/worktrees/land: merge, squash or fast-forward the branch into its base; the lists rescan. */
export function useLandWorktree(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { worktreePath: string; base?: string; method: LandMethod; baseCommit?: string }) =>
      fetchJson<LandResult>("/api/worktrees/land", { method: "POST", body: { repoId, ...input } }),
    onSettled: async () => {
      // A rebase that stopped changed the worktree even though nothing landed.
      await client.invalidateQueries({ queryKey: queryKeys.worktrees(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.plans(repoId) });
    },
  });
}

/** POST /api/worktrees/land-queue with a plan: its merge order, each branch tested on top of those before it. */
export function useLandQueue(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { planId: string }) =>
      fetchJson<LandQueueResult>("/api/worktrees/land-queue", { method: "POST", body: { repoId, ...input } }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.worktrees(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.plans(repoId) });
    },
  });
}

/** POST /api/worktrees/land/cancel: stops the checks of the repository's lands; nothing lands. */
export function useCancelLanding(repoId: string) {
  return useMutation({
    mutationFn: () =>
      fetchJson<{ cancelled: number }>("/api/worktrees/land/cancel", { method: "POST", body: { repoId } }),
  });
}

/**
 * GET /api/worktrees/progress: each linked worktree's commits and lines against the default branch.
 * Refreshed when the server says a worktree changed; an instance that does not own the repository
 * cannot read it (its cards simply go without).
 */
export function useRepoProgress(repoId: string, isEnabled = true) {
  return useQuery({
    queryKey: queryKeys.worktreeProgress(repoId),
    queryFn: ({ signal }) =>
      fetchJson<RepoProgress>(`/api/worktrees/progress?${new URLSearchParams({ repoId }).toString()}`, { signal }),
    enabled: isEnabled,
    staleTime: 10_000,
    retry: false,
  });
}
