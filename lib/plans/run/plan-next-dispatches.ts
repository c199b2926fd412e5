import { isAutomaticFixDue } from "./apply-node-event.ts";
import { budgetReason, toCents, type BudgetInput } from "./budget-check.ts";
import { dependencyStatus, type BranchFrom } from "./dependency-status.ts";
import type { NodeEvent } from "./node-events.ts";
import type { PlanRun, PlanRunNode, RunPurpose } from "./plan-run.ts";

/** Agent slots: `total` is the concurrency in force, `busy` every agent running now (this plan's and other worktrees'). */
export interface SlotsInput {
  total: number;
  busy: number;
  /** Runners' slots (the plan's nodes run on the team's runners), not this machine's. */
  isRunners?: boolean;
}

/** A node to start now. `branchFrom` matters for its first run (`purpose` "spec"); later runs reuse its worktree. */
export interface Dispatch {
  slug: string;
  purpose: RunPurpose;
  branchFrom: BranchFrom;
}

/** A node that could start but does not, why, and the event that records it (null: its state already says it). */
export interface Hold {
  slug: string;
  reason: string;
  event: NodeEvent | null;
}

/**
 * Which nodes start now and why each other candidate waits. Candidates are nodes waiting, queued,
 * or due an automatic fix of failed checks; every other state is never returned, so nothing starts
 * twice. Work already under way (fixes, retries) goes first, then fresh nodes in the plan's order;
 * independent nodes start side by side as far as slots and budget allow. Pure.
 */
export function planNextDispatches(
  run: PlanRun,
  input: { slots: SlotsInput; budget: BudgetInput },
): {
  start: Dispatch[];
  held: Hold[];
} {
  const live = run.nodes.filter(hasLiveAgent);
  let busy = input.slots.busy;
  let heldCents = live.reduce((sum, node) => sum + toCents(node.estimateUsd), 0);
  let heldFor = live.length;
  const start: Dispatch[] = [];
  const held: Hold[] = [];
  for (const node of candidatesInOrder(run)) {
    const dependencies = dependencyStatus(run, node);
    if (!dependencies.isMet) {
      held.push(hold(node, dependencies.reason, false));
      continue;
    }
    const estimateCents = toCents(node.estimateUsd);
    const reason = run.isPaused
      ? "the plan is paused; resume it to start this node"
      : (budgetReason({ budget: input.budget, heldCents, heldFor, estimateCents }) ?? slotsReason(busy, input.slots));
    if (reason) {
      held.push(hold(node, reason, true));
      continue;
    }
    start.push({ slug: node.slug, purpose: node.nextRun, branchFrom: dependencies.branchFrom });
    busy += 1;
    heldCents += estimateCents;
    heldFor += 1;
  }
  return { start, held };
}

/** An agent process runs for this node now: it holds a slot and its estimate of the budget. */
export function hasLiveAgent(node: PlanRunNode): boolean {
  return node.state.name === "running" || (node.state.name === "waiting_for_user" && node.state.isRunLive);
}

function candidatesInOrder(run: PlanRun): PlanRunNode[] {
  const candidates = run.nodes.filter(
    (node) => node.state.name === "waiting" || node.state.name === "queued" || isAutomaticFixDue(node),
  );
  const underWay = candidates.filter((node) => node.nextRun !== "spec");
  return [...underWay, ...candidates.filter((node) => node.nextRun === "spec")];
}

function slotsReason(busy: number, slots: SlotsInput): string | null {
  if (busy < slots.total) return null;
  if (slots.isRunners && slots.total === 0)
    return "no runner of this repository is running: it starts when one is seen again, or when another offers its clone";
  return `${busy} of ${slots.total} ${slots.isRunners ? "runner" : "agent"} slots busy`;
}

function hold(node: PlanRunNode, reason: string, areDependenciesMet: boolean): Hold {
  const state = node.state.name;
  if (state !== "waiting" && state !== "queued") return { slug: node.slug, reason, event: null };
  if (state === "waiting" && areDependenciesMet)
    return { slug: node.slug, reason, event: { type: "dependencies_met", reason } };
  return { slug: node.slug, reason, event: { type: "held", reason, areDependenciesMet } };
}
