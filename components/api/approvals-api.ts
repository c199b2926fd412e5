"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApprovalDecision } from "@/lib/approvals/approval-types.ts";
import type { PermissionRuleView } from "@/lib/approvals/permission-rule-view.ts";
import type { WorktreeMode } from "@/lib/approvals/worktree-mode-types.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { applyApprovalToCache } from "@/components/approvals/approval-cache.ts";
import { ApiError, fetchJson } from "./fetch-json.ts";

export type { ApprovalDecision, ApprovalView, PermissionRuleView, WorktreeMode };

/** Every request an agent waits on, in all of Arbor (the tab title, the inbox, desktop alerts). */
export function usePendingApprovals() {
  return useQuery({
    queryKey: queryKeys.approvals("pending"),
    queryFn: ({ signal }) =>
      fetchJson<{ approvals: ApprovalView[] }>("/api/approvals", { signal }).then((r) => r.approvals),
  });
}

/** A session's requests, answered ones too (the one-line outcomes under stored answers). */
export function useSessionApprovals(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.approvals(sessionId),
    queryFn: ({ signal }) =>
      fetchJson<{ approvals: ApprovalView[] }>(`/api/approvals?sessionId=${sessionId}&status=all`, { signal }).then(
        (r) => r.approvals,
      ),
  });
}

/**
 * POST /api/approvals/[id]. The card closes as soon as the server answers; when another tab or
 * client answered first (409), the card shows that answer instead, and nothing was changed.
 */
export function useAnswerApproval(approval: { id: string; repoId: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { decision: ApprovalDecision }) =>
      fetchJson<{ approval: ApprovalView }>(`/api/approvals/${approval.id}`, { method: "POST", body: input }).then(
        (r) => r.approval,
      ),
    onSuccess: (view, input) => {
      applyApprovalToCache(client, view);
      if (input.decision.action === "allow_always")
        void client.invalidateQueries({ queryKey: queryKeys.permissionRules(approval.repoId) });
    },
    onError: (error) => {
      const winner = error instanceof ApiError ? (error.details?.approval as ApprovalView | undefined) : undefined;
      if (winner) applyApprovalToCache(client, winner);
    },
  });
}

/** Whether an answer failed only because another answer came first (the card then shows that one). */
export function isAlreadyAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * GET /api/worktree-mode's address: only the two fields, whatever else the caller's props carry
 * (URLSearchParams would put a callback's source text in the query).
 */
export function worktreeModeUrl(input: { repoId: string; worktreePath: string }): string {
  return `/api/worktree-mode?${new URLSearchParams({ repoId: input.repoId, worktreePath: input.worktreePath }).toString()}`;
}

/** A worktree's mode, and the sandbox its agents run in (null: none). */
export interface WorktreeModeBody {
  mode: WorktreeMode;
  sandbox: { allowedDomains: string[] } | null;
}

/** The worktree's permission mode, Ask unless chosen in its chat header, and its sandbox if any. */
export function useWorktreeMode(input: { repoId: string; worktreePath: string }) {
  return useQuery({
    queryKey: queryKeys.worktreeMode(input.repoId, input.worktreePath),
    queryFn: ({ signal }) => fetchJson<WorktreeModeBody>(worktreeModeUrl(input), { signal }),
  });
}

/** PUT /api/worktree-mode (Bypass is refused unless the repository is trusted). */
/** PUT a worktree's mode; `leaveSandbox` also takes it out of Claude Code's sandbox. */
export function useSaveWorktreeMode(input: { repoId: string; worktreePath: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { mode: WorktreeMode; leaveSandbox?: boolean }) =>
      fetchJson<{ mode: WorktreeMode }>("/api/worktree-mode", {
        method: "PUT",
        body: {
          repoId: input.repoId,
          worktreePath: input.worktreePath,
          mode: change.mode,
          ...(change.leaveSandbox ? { sandbox: null } : {}),
        },
      }).then((r) => ({ mode: r.mode, leftSandbox: change.leaveSandbox === true })),
    onSuccess: ({ mode, leftSandbox }) =>
      client.setQueryData<WorktreeModeBody>(queryKeys.worktreeMode(input.repoId, input.worktreePath), (body) => ({
        mode,
        sandbox: leftSandbox ? null : (body?.sandbox ?? null),
      })),
  });
}

/** The "Allow always" rules of a repository's page: its own, its worktrees' and Arbor-wide ones. */
export function usePermissionRules(repoId: string) {
  return useQuery({
    queryKey: queryKeys.permissionRules(repoId),
    queryFn: ({ signal }) =>
      fetchJson<{ rules: PermissionRuleView[] }>(`/api/permission-rules?repoId=${repoId}`, { signal }).then(
        (r) => r.rules,
      ),
  });
}

/** DELETE a rule: later runs ask again. */
export function useRemovePermissionRule(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => fetchJson<{ ok: true }>(`/api/permission-rules/${ruleId}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.permissionRules(repoId) }),
  });
}
