import { applyNodeEvent } from "./apply-node-event.ts";
import type { NodeEvent, NodeEventRefusal } from "./node-events.ts";
import type { PlanRun } from "./plan-run.ts";

export type RunEventResult = { ok: true; run: PlanRun } | { ok: false; refusal: NodeEventRefusal };

/** applyNodeEvent on the node `slug` of a run; an unknown slug is refused like any other event. */
export function applyRunEvent(run: PlanRun, { slug, event }: { slug: string; event: NodeEvent }): RunEventResult {
  const node = run.nodes.find((candidate) => candidate.slug === slug);
  if (!node) {
    return {
      ok: false,
      refusal: {
        slug,
        event: event.type,
        state: null,
        message: `This plan has no node ${slug}. Reload the plan: it may have changed.`,
      },
    };
  }
  const result = applyNodeEvent(node, event);
  if (!result.ok) return result;
  return { ok: true, run: { ...run, nodes: run.nodes.map((other) => (other.slug === slug ? result.node : other)) } };
}

/** Nothing new starts or lands; agents already running finish their run and their checks still run. */
export function pausePlan(run: PlanRun): PlanRun {
  return { ...run, isPaused: true };
}

/** Starts and landings go on, and every interrupted node picks up where it was cut. */
export function resumePlan(run: PlanRun): PlanRun {
  const nodes = run.nodes.map((node) => {
    const result = applyNodeEvent(node, { type: "plan_resumed" });
    return result.ok ? result.node : node;
  });
  return { isPaused: false, nodes };
}

/**
 * After Arbor restarts (even after kill -9), no agent, check or land of the last process is still
 * going: every node that had one becomes `interrupted`, and its slug is listed so the wiring can
 * mark the cut runs. The wiring then calls resumePlan unless the plan was paused; a paused plan
 * leaves them interrupted, each with Retry.
 */
export function recoverAfterRestart(run: PlanRun): { run: PlanRun; interruptedSlugs: string[] } {
  const interruptedSlugs: string[] = [];
  const nodes = run.nodes.map((node) => {
    const result = applyNodeEvent(node, { type: "interrupted_by_restart" });
    if (!result.ok) return node;
    interruptedSlugs.push(node.slug);
    return result.node;
  });
  return { run: { ...run, nodes }, interruptedSlugs };
}
