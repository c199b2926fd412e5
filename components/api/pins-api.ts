"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RepoScan } from "@/lib/git/types.ts";
import type { PinView } from "@/lib/pins/pin-types.ts";
import type { TrustView } from "@/lib/trust/trust-types.ts";
import type { RemovalResult } from "@/lib/worktrees/ship-types.ts";
import { fetchJson } from "./fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

export function usePins() {
  return useQuery({
    queryKey: queryKeys.pins(),
    queryFn: ({ signal }) => fetchJson<{ pins: PinView[] }>("/api/repo-pins", { signal }).then((r) => r.pins),
  });
}

export function useAddPin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { path: string; label: string }) =>
      fetchJson<{ pin: PinView; isNew: boolean; trust: TrustView }>("/api/repo-pins", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.pins() }),
  });
}

export function useMarkPinUsed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pinId: string) => fetchJson("/api/repo-pins/use", { method: "POST", body: { pinId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.pins() }),
  });
}

export function useDeletePin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pinId: string) => fetchJson(`/api/repo-pins/${pinId}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.pins() }),
  });
}

/** The worktree scan: always fetched fresh from git (staleTime 0, refetch on mount). */
export function useWorktrees(repoId: string | null) {
  return useQuery({
    queryKey: queryKeys.worktrees(repoId ?? "none"),
    queryFn: ({ signal }) =>
      fetchJson<{ scan: RepoScan }>(`/api/repos/${repoId}/worktrees`, { signal }).then((r) => r.scan),
    enabled: repoId !== null,
    staleTime: 0,
    refetchOnMount: "always",
  });
}

/** POST /api/worktrees/remove: what would stop the removal (dryRun), or remove it. */
export type WorktreeRemoval = RemovalResult;

export function useRemoveWorktree(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { worktreePath: string; deleteBranch?: boolean; dryRun?: boolean; discardIgnored?: boolean }) =>
      fetchJson<WorktreeRemoval>("/api/worktrees/remove", { method: "POST", body: { repoId, ...input } }),
    onSuccess: async (result) => {
      if (!result.isRemoved) return;
      await client.invalidateQueries({ queryKey: queryKeys.worktrees(repoId) });
      await client.invalidateQueries({ queryKey: queryKeys.attention() });
    },
  });
}
