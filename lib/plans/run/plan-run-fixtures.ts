/** Inputs for the plan run's tests; each test overrides only what it is about. */
import type { NodeState, PlanRun, PlanRunNode } from "./plan-run.ts";

/** A fresh node with no dependencies, costing an estimated $0.40 a run. */
export function runNode(slug: string, overrides: Partial<PlanRunNode> = {}): PlanRunNode {
  return {
    slug,
    dependsOn: [],
    startFrom: "base",
    spec: `Do ${slug}`,
    estimateUsd: 0.4,
    runCount: 0,
    nextRun: "spec",
    checkFailures: 0,
    state: { name: "waiting", reason: "waiting to start" },
    ...overrides,
  };
}

/** A node in `state` that has had one agent run (unless `overrides` says otherwise). */
export function nodeIn(slug: string, state: NodeState, overrides: Partial<PlanRunNode> = {}): PlanRunNode {
  return runNode(slug, { runCount: 1, nextRun: "continue", state, ...overrides });
}

export function planRun(nodes: PlanRunNode[], overrides: Partial<PlanRun> = {}): PlanRun {
  return { isPaused: false, nodes, ...overrides };
}

/** One node in each state, for tests that walk every state. */
export const ONE_NODE_PER_STATE: Record<NodeState["name"], NodeState> = {
  waiting: { name: "waiting", reason: "waiting to start" },
  queued: { name: "queued", reason: "8 of 8 agent slots busy" },
  running: { name: "running" },
  waiting_for_user: { name: "waiting_for_user", waitingFor: { kind: "tool", toolName: "Bash" }, isRunLive: true },
  checking: { name: "checking" },
  checks_failed: { name: "checks_failed", attempt: 1, maxAttempts: 2, isWaitingForUser: false },
  ready: { name: "ready" },
  landing: { name: "landing" },
  landed: { name: "landed", landedAt: "2026-11-29T21:00:00.000Z" },
  failed: { name: "failed", message: "the CLI exited with code 1", phase: "running" },
  stopped: { name: "stopped", cause: { kind: "user" }, phase: "running" },
  skipped: { name: "skipped", phase: "waiting" },
  interrupted: { name: "interrupted", phase: "running" },
};
