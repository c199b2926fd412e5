"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlanPermissionMode } from "@/lib/plans/run/plan-run-record.ts";
import type { PlanRunView } from "@/lib/plans/run/plan-run-view.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { ApiError, fetchJson } from "./fetch-json.ts";

/** What Run (or Resume) sends: empty fields keep the plan's value or the default. */
export interface StartPlanRunBody {
  concurrency?: number | null;
  autoLand?: boolean;
  permissionMode?: PlanPermissionMode;
  budgetUsd?: number | null;
  /** Sandboxed: the domains its agents may reach, as typed (the server reads and checks them). */
  allowedDomains?: string;
}

/** A node action from the board. */
export type NodeActionBody =
  | { action: "retry" | "skip" | "stop" | "land" | "recheck" }
  | { action: "answer"; message: string }
  | { action: "edit_spec"; spec: string };

/** GET /api/repos/:id/sandbox: whether a plan here may run Sandboxed, and if not, why. */
export function useSandboxOffer(repoId: string) {
  return useQuery({
    queryKey: queryKeys.sandboxOffer(repoId),
    queryFn: ({ signal }) =>
      fetchJson<{ sandbox: { isOffered: boolean; reason: string | null } }>(`/api/repos/${repoId}/sandbox`, {
        signal,
      }).then((body) => body.sandbox),
  });
}

/** The plan's run, or null when it was never run; kept live by `plan_run` messages. */
export function usePlanRun(planId: string) {
  return useQuery({
    queryKey: queryKeys.planRun(planId),
    queryFn: ({ signal }) =>
      fetchJson<{ run: PlanRunView }>(`/api/plans/${planId}/run`, { signal }).then(
        (body) => body.run,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
  });
}

function usePlanRunMutation<Input>(planId: string, request: (input: Input) => Promise<{ run: PlanRunView }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => request(input).then((body) => body.run),
    onSuccess: (run) => client.setQueryData(queryKeys.planRun(planId), run),
  });
}

/** POST /api/plans/:id/run: Run, or Resume a paused or interrupted plan. */
export const useStartPlanRun = (planId: string) =>
  usePlanRunMutation(planId, (body: StartPlanRunBody) =>
    fetchJson(`/api/plans/${planId}/run`, { method: "POST", body }),
  );

/** DELETE /api/plans/:id/run: pause. */
export const usePausePlanRun = (planId: string) =>
  usePlanRunMutation(planId, () => fetchJson(`/api/plans/${planId}/run`, { method: "DELETE" }));

/** POST /api/plans/:id/run/nodes/:slug: retry, skip, stop, land, run the checks again, answer, edit the spec. */
export const usePlanNodeAction = (planId: string) =>
  usePlanRunMutation(planId, (input: { slug: string; body: NodeActionBody }) =>
    fetchJson(`/api/plans/${planId}/run/nodes/${encodeURIComponent(input.slug)}`, { method: "POST", body: input.body }),
  );
