import { inheritedClaudeEnv } from "@/lib/agent/run-internal-turn.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { NodeEvent } from "@/lib/plans/run/node-events.ts";
import { emptyWork, type NodeChecks, type NodeWork } from "@/lib/plans/run/plan-run-record.ts";
import { getPlanOrThrow } from "@/lib/plans/plans-store.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import { readRunnerOffer } from "@/lib/runners/runner-offers.ts";
import type { NodeReportCommand, RunNodeCommand } from "@/lib/team-commands/team-command.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";
import { findRepoOwner } from "@/lib/team/ownership.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { checkNode } from "./check-node.ts";
import { errorMessage, launchNodeRun } from "./launch-node-run.ts";
import { assertPermissionModeOffered } from "./permission-mode.ts";
import { readStoredPlanRun } from "./plan-run-store.ts";
import type { PlanRunsContext } from "./plan-runs-context.ts";
import { attemptRef, fetchBase, pushNodeWork } from "./runner-git.ts";
import { watchNodeRequests } from "./watch-node-requests.ts";

/** Tries of a report the owner did not take (it restarts, the database is cut): then the lease decides. */
const REPORT_TRIES = 6;
const REPORT_RETRY_MS = 2_000;

/**
 * The runner's side of a plan spread over runners: a node another instance's plan handed to this
 * one runs here, on this instance's own clone, with its trust, its permission rules and its
 * checks; what becomes of it goes back to the plan's owner, which alone moves the plan.
 *
 * What asks is a database row, so nothing in it is believed: the request must come from the
 * instance holding the plan's repository, for a node the stored run gives this instance for this
 * attempt, on a clone this instance offers and trusts, in a permission mode it offers.
 */
export class HostedNodes {
  /** Attempts running here, by attempt: their runs, to stop when the owner takes the node back. */
  readonly #hosted = new Map<string, { runId: string | null }>();

  constructor(private readonly ctx: PlanRunsContext) {}

  async runNode({ from, command }: { from: string; command: RunNodeCommand }): Promise<{ accepted: true }> {
    const { db } = this.ctx;
    const plan = await getPlanOrThrow(db, command.planId);
    const planOwner = await findRepoOwner(db, plan.repoId);
    if (!planOwner || planOwner.instanceId !== from) {
      throw new AppError(
        "forbidden",
        "Only the Arbor that holds a plan's repository hands out its nodes, and this request came from another one, so nothing was run.",
      );
    }
    const offer = await readRunnerOffer(db, { repoId: command.repoId });
    if (!offer) {
      throw new AppError(
        "precondition_failed",
        "This Arbor does not offer to run plan nodes for that clone (any more). Offer it again in the repository's settings, or let the plan run the node elsewhere.",
      );
    }
    const local = await getLocalInstance(db);
    const stored = await readStoredPlanRun(db, command.planId);
    const runner = stored?.work.get(command.slug)?.runner;
    if (
      !stored ||
      runner?.instanceId !== local.id ||
      runner.attempt !== command.attempt ||
      runner.repoId !== command.repoId
    ) {
      throw new AppError(
        "conflict",
        `The plan's run does not give node ${command.slug} to this Arbor for this attempt, so nothing was run.`,
      );
    }
    if (!this.#hosted.has(command.attempt) && this.#hosted.size >= offer.slots) {
      throw new AppError(
        "conflict",
        `This runner is full (${offer.slots} agents at once). The plan queues the node again.`,
        {
          details: { isFull: true },
        },
      );
    }
    // The plan's mode, if this instance offers it for its own clone (Sandboxed needs trust and the sandbox here).
    await assertPermissionModeOffered(db, {
      repoId: command.repoId,
      mode: stored.options.permissionMode,
      pathValue: inheritedClaudeEnv().PATH ?? "",
    });
    this.#hosted.set(command.attempt, { runId: null });
    void this.#host(command, from).finally(() => this.#hosted.delete(command.attempt));
    return { accepted: true };
  }

  /** The whole run of one dispatch here: the worktree (first time), the agent, its checks, the push. */
  async #host(command: RunNodeCommand, ownerId: string): Promise<void> {
    const { db } = this.ctx;
    let work: NodeWork = emptyWork(command.slug);
    // Reports go in order, one at a time; the run does not wait for the owner to take the ones on the way.
    let reports: Promise<void> = Promise.resolve();
    const report = (events: NodeEvent[], extra: Partial<ReportExtras> = {}): Promise<void> => {
      const snapshot = work;
      reports = reports
        .then(() => this.#report(ownerId, command, { work: snapshot, events, extra }))
        .catch((error: unknown) =>
          console.error(`[arbor] runner: node ${command.slug}: the plan's owner was not told`, error),
        );
      return reports;
    };
    try {
      const stored = await readStoredPlanRun(db, command.planId);
      const node = stored?.run.nodes.find((candidate) => candidate.slug === command.slug);
      if (!stored || !node) return;
      work = stored.work.get(command.slug) ?? work;
      const isTrusted = await isRepositoryTrusted(db, command.repoId);
      const scan = await scanPinnedRepo(db, { repoId: command.repoId });
      const clone =
        work.worktreePath === null
          ? {
              repoId: command.repoId,
              base: command.baseBranch,
              baseRef: await fetchBase({ repoRoot: scan.repoRoot, base: command.baseBranch, isTrusted }),
            }
          : undefined;
      const launched = await launchNodeRun(this.ctx, {
        planId: command.planId,
        repoId: command.repoId,
        node,
        work,
        dispatch: { slug: command.slug, purpose: command.purpose, branchFrom: { kind: "base" } },
        permissionMode: stored.options.permissionMode,
        allowedDomains: stored.options.allowedDomains,
        parentSessionId: null,
        message: command.message,
        ...(clone ? { clone } : {}),
        onWork: (next) => {
          work = next;
          void report([]);
          return Promise.resolve();
        },
      });
      work = launched.work;
      const hosted = this.#hosted.get(command.attempt);
      if (hosted) hosted.runId = work.runs.at(-1)?.runId ?? null;
      const unwatch = watchNodeRequests(this.ctx.hub, work, (event) => void report([event]));
      let ended: NodeEvent;
      try {
        ended = await launched.ended;
      } finally {
        unwatch();
      }
      if (ended.type !== "run_ended" || ended.question !== null || !work.worktreePath) return await report([ended]);
      const outcome = await checkNode(this.ctx, {
        repoId: command.repoId,
        worktreePath: work.worktreePath,
        title: work.title,
      });
      let pushedRef: string | null = null;
      if (outcome.event.type === "checks_passed") {
        pushedRef = attemptRef(command);
        await pushNodeWork({ worktreePath: work.worktreePath, ref: pushedRef, isTrusted });
      }
      await report([ended, outcome.event], { checks: outcome.checks, autoCommit: outcome.autoCommit, pushedRef });
    } catch (error) {
      await report([{ type: "failed", message: errorMessage(error) }]);
    }
  }

  /**
   * Tells the owner, trying again while it cannot be reached. The owner refusing the report (the
   * node is no longer this runner's: its lease ran out) stops the run here.
   */
  async #report(
    ownerId: string,
    command: RunNodeCommand,
    input: { work: NodeWork; events: NodeEvent[]; extra: Partial<ReportExtras> },
  ): Promise<void> {
    const teamCommands = this.ctx.teamCommands;
    if (!teamCommands) return;
    const local = await getLocalInstance(this.ctx.db);
    const plan = await getPlanOrThrow(this.ctx.db, command.planId);
    const owner = await findRepoOwner(this.ctx.db, plan.repoId);
    if (!owner || owner.instanceId !== ownerId) return;
    const report: NodeReportCommand = {
      kind: "node_report",
      planId: command.planId,
      slug: command.slug,
      attempt: command.attempt,
      work: {
        branch: input.work.branch,
        worktreePath: input.work.worktreePath,
        sessionId: input.work.sessionId,
        runs: input.work.runs,
        checks: input.extra.checks ?? null,
        autoCommit: input.extra.autoCommit ?? null,
        pushedRef: input.extra.pushedRef ?? null,
      },
      events: input.events as NodeReportCommand["events"],
    };
    for (let tries = 1; ; tries += 1) {
      try {
        const reply = await teamCommands.request(owner, {
          from: local.id,
          by: `Arbor "${local.label}", running node ${command.slug}`,
          command: report,
        });
        if (reply.status === 409) this.#stop(command.attempt);
        return;
      } catch (error) {
        if (tries >= REPORT_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, REPORT_RETRY_MS));
      }
    }
  }

  #stop(attempt: string): void {
    const runId = this.#hosted.get(attempt)?.runId;
    if (runId) this.ctx.runs.cancel(runId);
  }
}

interface ReportExtras {
  checks: NodeChecks | null;
  autoCommit: string | null;
  pushedRef: string | null;
}
