"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WorktreeSetup } from "@/lib/worktrees/worktree-setup.ts";
import type {
  CreatedWorktree,
  LandCheck,
  LandMethod,
  LandResult,
  NewWorktreeOptions,
} from "@/lib/worktrees/worktree-types.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { fetchJson } from "./fetch-json.ts";

/** GET /api/worktrees: branches, default branch, naming rule and setup, read fresh each time the dialog opens. */
export function useNewWorktreeOptions(repoId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.newWorktree(repoId),
    queryFn: () =>
      fetchJson<{ options: NewWorktreeOptions }>(`/api/worktrees?repoId=${repoId}`).then((body) => body.options),
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

/** PUT /api/repos/:repoId/worktree-setup */
export function useSaveWorktreeSetup(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (setup: WorktreeSetup) =>
      fetchJson<{ setup: WorktreeSetup }>(`/api/repos/${repoId}/worktree-setup`, { method: "PUT", body: setup }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.newWorktree(repoId) }),
  });
}

/** POST /api/worktrees/land-check: would the branch merge cleanly into its base (nothing is touched). */
export function useLandCheck(repoId: string) {
  return useMutation({
    mutationFn: (input: { worktreePath: string; base?: string }) =>
      fetchJson<LandCheck>("/api/worktrees/land-check", { method: "POST", body: { repoId, ...input } }),
  });
}

/** POST /api/worktrees/land: merge, squash or fast-forward the branch into its base; the lists rescan. */
export function useLandWorktree(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { worktreePath: string; base?: string; method: LandMethod }) =>
      fetchJson<LandResult>("/api/worktrees/land", { method: "POST", body: { repoId, ...input } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.worktrees(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(repoId) });
    },
  });
}
