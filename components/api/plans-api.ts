"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { DesignTree } from "@/lib/design/types.ts";
import type { GithubAvailability, RepoDashboard } from "@/lib/plans/plan-types.ts";
import type { PlanView } from "@/lib/plans/plan-types.ts";
import type { ProjectRulesView } from "@/lib/plans/plan-types.ts";
import { setupProblems } from "@/components/worktrees/setup-problems.ts";
import type { SetupReport, StartedTask } from "@/lib/worktrees/worktree-types.ts";
import { fetchJson } from "./fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { pageKeyHeaders } from "./page-key.ts";
import { refreshLatest } from "@/components/realtime/refresh-latest.ts";

export type { RepoDashboard };

/**
 * Git changed (a branch or worktree was made): both views of the repository are scanned again. A
 * scan in flight is let finish and followed by one more, so a burst of changes cannot keep
 * cancelling the scan that would show them.
 */
export function invalidateRepoScans(client: QueryClient, repoId: string): void {
  refreshLatest(client, queryKeys.dashboard(repoId));
  refreshLatest(client, queryKeys.worktrees(repoId));
  refreshLatest(client, queryKeys.worktreeProgress(repoId));
}

/** A repository's plans; none is asked for while no repository is open (null). */
export function usePlans(repoId: string | null) {
  return useQuery({
    queryKey: queryKeys.plans(repoId ?? ""),
    queryFn: ({ signal }) =>
      fetchJson<{ plans: PlanView[] }>(`/api/plans?repoId=${repoId}`, { signal }).then((r) => r.plans),
    enabled: repoId !== null,
  });
}

/** Branches and worktrees against a plan's design tree, with divergence warnings; scanned from git each time it is shown. */
export function useDashboard(input: { repoId: string; planId: string | null }) {
  return useQuery({
    queryKey: queryKeys.dashboard(input.repoId, input.planId),
    queryFn: ({ signal }) => {
      const query = input.planId ? `?planId=${input.planId}` : "";
      return fetchJson<{ dashboard: RepoDashboard }>(`/api/repos/${input.repoId}/dashboard${query}`, { signal }).then(
        (r) => r.dashboard,
      );
    },
  });
}

export function useCreatePlan(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; goal: string; bodyMarkdown: string }) =>
      fetchJson<{ plan: PlanView }>("/api/plans", { method: "POST", body: { repoId, ...input } }).then((r) => r.plan),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.plans(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(repoId) });
    },
  });
}

/** PATCH /api/plans/:id: title, goal or body, from the version the edit started on (409 when stale). */
export function useUpdatePlan(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { planId: string; baseVersion: number; title: string; goal: string; bodyMarkdown: string }) => {
      const { planId, ...body } = input;
      return fetchJson<{ plan: PlanView }>(`/api/plans/${planId}`, { method: "PATCH", body }).then((r) => r.plan);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.plans(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(repoId) });
    },
  });
}

/** DELETE /api/plans/:id: the plan and its tree (refused while decisions or tasks under it are open). */
export function useDeletePlan(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) =>
      fetchJson<{ unlinkedConversations: number }>(`/api/plans/${planId}`, { method: "DELETE" }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.plans(repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(repoId) });
    },
  });
}

const DRAFTS_KEY = "arbor.draftPlans";

interface DraftPlan {
  repoId: string;
  planId: string;
}

function readDraftPlans(): DraftPlan[] {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(DRAFTS_KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as DraftPlan[]) : [];
  } catch {
    return [];
  }
}

function writeDraftPlans(drafts: DraftPlan[]): void {
  try {
    if (drafts.length === 0) window.sessionStorage.removeItem(DRAFTS_KEY);
    else window.sessionStorage.setItem(DRAFTS_KEY, JSON.stringify(drafts));
  } catch {
    // Storage disabled: the wizard's own discard (Cancel, leaving, closing the tab) still runs.
  }
}

/** The design wizard created this plan: it stays a draft (discarded if left) until its tree is saved. */
export function rememberDraftPlan(draft: DraftPlan): void {
  writeDraftPlans([...readDraftPlans().filter((known) => known.planId !== draft.planId), draft]);
}

/** Its tree was saved: the plan is no longer a draft. */
export function keepDraftPlan(planId: string): void {
  writeDraftPlans(readDraftPlans().filter((known) => known.planId !== planId));
}

/**
 * The design wizard was left without saving: the plan it created goes (the server keeps it if a
 * tree was saved for it meanwhile). `keepalive` lets the request finish while the tab closes; a
 * request that never arrived (the tab was killed) is sent again by `discardLeftDraftPlans`.
 */
export function discardDraftPlan(client: QueryClient, input: DraftPlan): void {
  void fetch(`/api/plans/${input.planId}?draft=1`, { method: "DELETE", keepalive: true, headers: pageKeyHeaders() })
    .then((response) => {
      // Gone, kept because it has a tree, or deleted now: either way no longer a draft to discard.
      if (response.ok || response.status === 404 || response.status === 409) keepDraftPlan(input.planId);
    })
    .catch(() => undefined)
    .finally(() => {
      void client.invalidateQueries({ queryKey: queryKeys.plans(input.repoId) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(input.repoId) });
    });
}

/**
 * Drafts this tab left behind when it reloaded or navigated away before the discard request went
 * out (no wizard is open when this runs): discarded now. Per tab (sessionStorage), so a wizard
 * open in another tab keeps its plan.
 */
export function discardLeftDraftPlans(client: QueryClient, repoId: string): void {
  for (const draft of readDraftPlans()) if (draft.repoId === repoId) discardDraftPlan(client, draft);
}

/** POST /api/tree-spec: the answer carries the fresh dashboard, which goes straight into the cache. */
export function useSaveTree(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { planId: string; tree: DesignTree; baseVersion: number | null }) =>
      fetchJson<{ plan: PlanView; dashboard: RepoDashboard }>("/api/tree-spec", { method: "POST", body: input }),
    onSuccess: ({ plan, dashboard }) => {
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(repoId), refetchType: "none" });
      client.setQueryData(queryKeys.dashboard(repoId, plan.id), dashboard);
      void client.invalidateQueries({ queryKey: queryKeys.plans(repoId) });
    },
  });
}

/**
 * What making a node's worktree tells the cache, whether "Create branch and worktree" or "Start agent" made
 * it: the setup running (kept on the card, which outlives the button once the node's worktree is listed),
 * then what of the setup needs the user (said on the card until dismissed), and the rescans.
 */
function nodeWorktreeUpdates(client: QueryClient, input: { repoId: string; planId: string }) {
  return {
    onMutate: ({ slug, setupId }: { slug: string; setupId: string }) =>
      client.setQueryData(queryKeys.nodeSetupRunning(input.planId, slug), setupId),
    onSettled: (_made: unknown, _error: unknown, { slug }: { slug: string }) =>
      client.setQueryData(queryKeys.nodeSetupRunning(input.planId, slug), null),
    onSuccess: (made: { branch: string; setup: SetupReport }, { slug }: { slug: string }) => {
      const problems = setupProblems(made.setup);
      client.setQueryData(
        queryKeys.nodeSetupProblems(input.planId, slug),
        problems.length > 0 ? { branch: made.branch, problems } : null,
      );
      return invalidateRepoScans(client, input.repoId);
    },
  };
}

export function useCreateNodeBranch(input: { repoId: string; planId: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, setupId }: { slug: string; setupId: string }) =>
      fetchJson<{ branch: string; worktreePath: string; parentBranch: string; setup: SetupReport }>(
        `/api/plans/${input.planId}/nodes/${slug}/branch`,
        { method: "POST", body: { setupId } },
      ),
    ...nodeWorktreeUpdates(client, input),
  });
}

/**
 * POST /api/plans/:planId/nodes/:slug/start: the node's worktree, conversation and first message, in
 * one step; then `onStarted` (open the chat). It is the mutation's own callback, not mutate's, so it
 * still runs when the button that started it is gone: the tree can show the node's new branch (and
 * drop its "Start agent" button) before the first message has been sent.
 */
export function useStartNodeTask(input: { repoId: string; planId: string; onStarted: (task: StartedTask) => void }) {
  const client = useQueryClient();
  const updates = nodeWorktreeUpdates(client, input);
  return useMutation({
    mutationFn: ({ slug, setupId }: { slug: string; setupId: string }) =>
      fetchJson<{ task: StartedTask }>(`/api/plans/${input.planId}/nodes/${slug}/start`, {
        method: "POST",
        body: { setupId },
      }).then((body) => body.task),
    ...updates,
    onSuccess: (task: StartedTask, variables: { slug: string; setupId: string }) => {
      updates.onSuccess(task, variables);
      input.onStarted(task);
    },
  });
}

/** What of a design node's new worktree's setup needs the user, until dismissed (null: nothing). */
export function useNodeSetupProblems(input: { planId: string; slug: string }) {
  const client = useQueryClient();
  const key = queryKeys.nodeSetupProblems(input.planId, input.slug);
  const query = useQuery<{ branch: string; problems: string[] } | null>({
    queryKey: key,
    queryFn: () => null,
    initialData: null,
    staleTime: Infinity,
  });
  return { notice: query.data, dismiss: () => client.setQueryData(key, null) };
}

/** The setup id of the node's "Create branch and worktree" while it runs, else null. */
export function useNodeSetupRunning(input: { planId: string; slug: string }): string | null {
  return useQuery<string | null>({
    queryKey: queryKeys.nodeSetupRunning(input.planId, input.slug),
    queryFn: () => null,
    initialData: null,
    staleTime: Infinity,
  }).data;
}

/** Wizard option C: Claude's proposal, returned for review (never saved by this call). */
export function useProposeTree() {
  return useMutation({
    mutationFn: (input: { planId: string; sessionId: string | null }) =>
      fetchJson<{ tree: DesignTree }>(`/api/plans/${input.planId}/propose`, {
        method: "POST",
        body: input.sessionId ? { sessionId: input.sessionId } : {},
      }).then((r) => r.tree),
  });
}

/** Wizard option B: a GitHub issue's sub-issues, for review. */
export function useTreeFromIssue() {
  return useMutation({
    mutationFn: (input: { planId: string; issueNumber: number }) =>
      fetchJson<{ tree: DesignTree }>(`/api/plans/${input.planId}/from-issue`, {
        method: "POST",
        body: { issueNumber: input.issueNumber },
      }).then((r) => r.tree),
  });
}

export function useGithubStatus(repoId: string) {
  return useQuery({
    queryKey: queryKeys.githubStatus(repoId),
    queryFn: ({ signal }) => fetchJson<GithubAvailability>(`/api/repos/${repoId}/github-status`, { signal }),
  });
}

export function useLinkSessionToPlan() {
  return useMutation({
    mutationFn: (input: { sessionId: string; planId: string | null }) =>
      fetchJson<{ ok: true }>("/api/chat/sessions/plan", { method: "POST", body: input }),
  });
}

export function useRules(repoId: string) {
  return useQuery({
    queryKey: queryKeys.rules(repoId),
    queryFn: ({ signal }) =>
      fetchJson<{ rules: ProjectRulesView }>(`/api/repos/${repoId}/rules`, { signal }).then((r) => r.rules),
  });
}

/** A new naming rule changes every expected branch name, so the dashboards are laid out again. */
export function useSaveRules(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: ProjectRulesView) =>
      fetchJson<{ rules: ProjectRulesView }>(`/api/repos/${repoId}/rules`, { method: "PUT", body: rules }).then(
        (r) => r.rules,
      ),
    onSuccess: (rules) => {
      client.setQueryData(queryKeys.rules(repoId), rules);
      void client.invalidateQueries({ queryKey: queryKeys.dashboard(repoId) });
    },
  });
}
