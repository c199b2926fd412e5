"use client";

import type { RepoDashboard } from "@/components/api/plans-api.ts";
import { Select } from "@/components/ui/FormFields.tsx";

/** Which plan's design the dashboard compares git with; a plain title when there is only one plan. */
export function PlanPicker(props: { dashboard: RepoDashboard; onSelect: (planId: string) => void }) {
  const { plans, plan } = props.dashboard;
  if (plans.length === 0) return <span className="text-xs text-zinc-500">No plan yet</span>;
  if (plans.length === 1) {
    return (
      <span data-testid="plan-title" className="truncate text-xs text-zinc-600 dark:text-zinc-400">
        Plan: <span className="font-medium">{plans[0]!.title}</span>
      </span>
    );
  }
  return (
    <label className="flex min-w-0 items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
      Plan
      <Select
        size="sm"
        data-testid="plan-picker"
        value={plan?.id ?? ""}
        onChange={(event) => props.onSelect(event.target.value)}
        className="max-w-64"
      >
        {plan ? null : <option value="">Choose a plan…</option>}
        {plans.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.title}
            {candidate.hasTree ? "" : " (no tree yet)"}
          </option>
        ))}
      </Select>
    </label>
  );
}
