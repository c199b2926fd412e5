import { inheritedClaudeEnv } from "@/lib/agent/run-internal-turn.ts";
import { readBranchFacts } from "@/lib/design/divergence/read-branch-facts.ts";
import { parseSandboxDomains } from "@/lib/agent/sandbox-settings.ts";
import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { readPlanMergeOrder } from "@/lib/plans/plan-merge-order.ts";
import { getPlanOrThrow } from "@/lib/plans/plans-store.ts";
import { applyNodeEventOrThrow } from "@/lib/plans/run/apply-node-event.ts";
import { createPlanRun } from "@/lib/plans/run/create-plan-run.ts";
import { followTree } from "@/lib/plans/run/follow-tree.ts";
import { nextToLand, type LandingPick } from "@/lib/plans/run/next-to-land.ts";
import type { NodeEvent } from "@/lib/plans/run/node-events.ts";
import { hasLiveAgent, planNextDispatches, type Dispatch } from "@/lib/plans/run/plan-next-dispatches.ts";
import type { PlanRun } from "@/lib/plans/run/plan-run.ts";
import { applyRunEvent, pausePlan, recoverAfterRestart, resumePlan } from "@/lib/plans/run/plan-run-lifecycle.ts";
import {
  emptyWork,
  type NodeRunner,
  type NodeWork,
  type PlanRunOptions,
  type StoredPlanRun,
} from "@/lib/plans/run/plan-run-record.ts";
import { planRunMessage, toPlanRunView, type PlanRunView } from "@/lib/plans/run/plan-run-view.ts";
import { eventFor, type NodeAction } from "@/lib/plans/run/node-actions.ts";
import {
  applyOrKeep,
  estimateOfOneRun,
  NODE_ESTIMATE_USD,
  withEstimate,
  withTitles,
  withWork,
} from "@/lib/plans/run/run-pass.ts";
import { repoTopic } from "@/lib/realtime/event-hub.ts";
import { runSerially, type SerialChains } from "@/lib/runtime/serial-by-key.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import type { RunnerSlot } from "@/lib/runners/pick-runner.ts";
import { placeOnRunners, runnerSlots } from "@/lib/runners/place-on-runners.ts";
import { heartbeatMs } from "@/lib/runners/runner-lease.ts";
import type { NodeCommands, NodeReportCommand, RunNodeCommand } from "@/lib/team-commands/team-command.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";
import { findRepoOwner, listLocalRepoIds } from "@/lib/team/ownership.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { assertCommitterIdentity } from "@/lib/worktrees/land/git-identity.ts";
import { agentSlots, concurrencyInForce } from "./agent-slots.ts";
import { assertPermissionModeOffered } from "./permission-mode.ts";
import { checkNode } from "./check-node.ts";
import { landNode } from "./land-node.ts";
import { HostedNodes } from "./hosted-nodes.ts";
import { errorMessage, launchNodeRun } from "./launch-node-run.ts";
import { holdsAttempt, isOnRunner, readRunnerPool } from "./node-runners.ts";
import { pushBase, takeOverPushedWork } from "./runner-git.ts";
import { insertPlanRun, listPlanRunIds, listStoredPlanRuns, readStoredPlanRun, savePlanRun } from "./plan-run-store.ts";
import type { PlanRunsContext } from "./plan-runs-context.ts";
import { watchNodeRequests } from "./watch-node-requests.ts";

/** What POST /api/plans/{planId}/run may set; what it leaves out keeps its value (or the default). */
export interface StartPlanRunInput {
  concurrency?: number | null;
  autoLand?: boolean;
  permissionMode?: PlanRunOptions["permissionMode"];
  budgetUsd?: number | null;
  /** For Sandboxed: the domains its agents may reach, as typed (validated by parseSandboxDomains). */
  allowedDomains?: string | string[];
  startFromParentBranch?: string[];
}

/**
 * The wiring of the plan run's pure core (lib/plans/run): it keeps each run in the database and
 * acts on the states the core moves nodes into. Every change of a plan's run goes through one
 * queue per plan (read, apply the core, save with its version, tell the browsers), and a node's
 * start is saved before its agent is spawned, so no crash starts it twice. The slow parts (making
 * a worktree, the agent's run, the checks, the land) run outside the queue and come back as events.
 */
export class PlanRunner implements NodeCommands {
  readonly #queues: SerialChains = new Map();
  /** Checks and lands under way, by plan and node: each is started once. */
  readonly #inFlight = new Set<string>();
  /** Nodes of other instances' plans that run here (this instance as a runner). */
  readonly #hosted: HostedNodes;
  readonly #leaseMs: number;
  #leaseSweep: NodeJS.Timeout | null = null;
  #isClosed = false;

  constructor(
    private readonly ctx: PlanRunsContext,
    options: { leaseMs: number },
  ) {
    this.#hosted = new HostedNodes(ctx);
    this.#leaseMs = options.leaseMs;
  }

  /** Starts the plan's run, or resumes it with the options given. */
  async start(planId: string, input: StartPlanRunInput): Promise<PlanRunView> {
    const { db } = this.ctx;
    await runSerially(this.#queues, planId, async () => {
      const plan = await getPlanOrThrow(db, planId);
      const existing = await readStoredPlanRun(db, planId);
      const options: PlanRunOptions = {
        concurrency: input.concurrency === undefined ? (existing?.options.concurrency ?? null) : input.concurrency,
        autoLand: input.autoLand ?? existing?.options.autoLand ?? false,
        permissionMode: input.permissionMode ?? existing?.options.permissionMode ?? "default",
        budgetUsd: input.budgetUsd === undefined ? (existing?.options.budgetUsd ?? null) : input.budgetUsd,
        allowedDomains:
          input.allowedDomains === undefined
            ? (existing?.options.allowedDomains ?? [])
            : parseSandboxDomains(input.allowedDomains),
      };
      // Validated whole (a cycle, a budget of 0, agents at once out of range) before anything is saved.
      const fresh = createPlanRun({
        tree: plan.tree ?? { nodes: [], edges: [] },
        concurrency: options.concurrency,
        budgetUsd: options.budgetUsd,
        startFromParentBranch: input.startFromParentBranch ?? [],
        nodeEstimateUsd: NODE_ESTIMATE_USD,
      });
      await assertPermissionModeOffered(db, {
        repoId: plan.repoId,
        mode: options.permissionMode,
        pathValue: inheritedClaudeEnv().PATH ?? "",
      });
      // Every node ends in a commit and a merge as the user: without a name git would stop each one.
      await assertCommitterIdentity({
        cwd: (await scanPinnedRepo(db, { repoId: plan.repoId })).repoRoot,
        notDone: "the plan was not run (each node's work is committed and merged as you)",
        then: "run the plan again",
      });
      const titles = new Map((plan.tree?.nodes ?? []).map((node) => [node.slug, node.title]));
      if (!existing) {
        const work = new Map(fresh.nodes.map((node) => [node.slug, emptyWork(titles.get(node.slug) ?? node.slug)]));
        this.#publish(await insertPlanRun(db, { planId, repoId: plan.repoId, options, run: fresh, work }));
        return;
      }
      // Nodes the tree gained since join at the next pass (followTree), like any edit of the tree.
      const run = resumePlan(existing.run);
      this.#publish(await savePlanRun(db, existing, { run, work: existing.work, options }));
    });
    this.kick(planId);
    return this.view(planId);
  }

  /** Nothing new starts or lands; agents already running finish their run. */
  async pause(planId: string): Promise<PlanRunView> {
    await this.#change(planId, (stored) => ({ run: pausePlan(stored.run) }));
    return this.view(planId);
  }

  /** A user's action on one node; refused with what to do instead when its state does not allow it. */
  async act(planId: string, slug: string, action: NodeAction): Promise<PlanRunView> {
    let cancelWork: NodeWork | null = null;
    let answer: string | null = null;
    await this.#change(planId, async (stored) => {
      const node = stored.run.nodes.find((candidate) => candidate.slug === slug);
      if (!node) throw new AppError("not_found", `This plan's run has no node ${slug}. Reload the plan.`);
      const work = stored.work.get(slug) ?? emptyWork(slug);
      if (action.type === "land") {
        const pick = await this.#landingPick(stored, stored.run);
        if (pick.slug !== slug) {
          const why = pick.slug === null ? pick.reason : `${pick.slug} lands first (the merge order)`;
          throw new AppError("conflict", `${slug} cannot land now: ${why}.`);
        }
      }
      if (action.type === "stop" && hasLiveAgent(node)) cancelWork = work;
      if (action.type === "answer") answer = action.message;
      const next = applyNodeEventOrThrow(node, eventFor(action));
      return { run: { ...stored.run, nodes: stored.run.nodes.map((other) => (other.slug === slug ? next : other)) } };
    });
    if (cancelWork) this.#cancelLastRun(cancelWork);
    if (answer !== null) this.#launch(planId, { slug, purpose: "continue", branchFrom: { kind: "base" } }, answer);
    this.kick(planId);
    return this.view(planId);
  }

  /** The run as the API and the board show it; not_found when the plan was never run. */
  async view(planId: string): Promise<PlanRunView> {
    const stored = await readStoredPlanRun(this.ctx.db, planId);
    if (!stored) {
      await getPlanOrThrow(this.ctx.db, planId);
      throw new AppError("not_found", "This plan has not been run yet. Run it first (POST to this address).");
    }
    return this.#viewOf(stored);
  }

  /** The view of a run already read: its agent runs' status and cost are read with it. */
  async #viewOf(stored: StoredPlanRun): Promise<PlanRunView> {
    const runIds = [...stored.work.values()].flatMap((work) => work.runs.map((run) => run.runId));
    const rows = await this.ctx.db.agentRun.findMany({
      where: { id: { in: runIds } },
      select: { id: true, status: true, costUsd: true },
    });
    return toPlanRunView(stored, {
      runs: new Map(rows.map((row) => [row.id, row])),
      concurrencyInForce: concurrencyInForce(this.ctx.runs, stored),
      landing: nextToLand(stored.run, { entries: [] }),
    });
  }

  /**
   * After a restart (even kill -9): nothing of the last process still runs, so every node that had
   * an agent, checks or a land under way is interrupted (its runs were marked so at boot), then the
   * plan resumes unless it was paused. Only this instance's repositories' plans.
   */
  async resumeAfterRestart(): Promise<number> {
    const local = new Set(await listLocalRepoIds(this.ctx.db));
    const runs = (await listPlanRunIds(this.ctx.db)).filter((stored) => local.has(stored.repoId));
    let resumed = 0;
    for (const stored of runs) {
      // One plan that cannot be resumed must not keep Arbor from starting, nor the other plans from resuming.
      try {
        await this.#change(stored.planId, (current) => {
          const recovered = recoverAfterRestart(current.run).run;
          // Nodes on runners still run there: their runner's lease decides about them, not this restart.
          const nodes = recovered.nodes.map((node) =>
            current.work.get(node.slug)?.runner
              ? (current.run.nodes.find((before) => before.slug === node.slug) ?? node)
              : node,
          );
          const kept = { ...recovered, nodes };
          return { run: kept.isPaused ? kept : resumePlan(kept) };
        });
        this.kick(stored.planId);
        resumed += 1;
      } catch (error) {
        console.error(`[arbor] plan ${stored.planId}: its run could not be resumed`, error);
      }
    }
    return resumed;
  }

  /** Looks for work to start in the plan (in the background). */
  kick(planId: string): void {
    runSerially(this.#queues, planId, () => this.#advance(planId)).catch((error: unknown) =>
      console.error(`[arbor] plan ${planId}: the run could not go on`, error),
    );
  }

  /** Arbor is stopping: nothing more starts (running agents are the run manager's to stop). */
  close(): void {
    this.#isClosed = true;
    if (this.#leaseSweep) clearInterval(this.#leaseSweep);
  }

  /** A node of another instance's plan, to run here (this instance offered to be a runner). */
  runNode(input: { from: string; command: RunNodeCommand }): Promise<{ accepted: true }> {
    return this.#hosted.runNode(input);
  }

  /**
   * A runner's report on a node of one of this instance's plans: the work it did (its worktree and
   * conversation there, its runs, its checks, the ref it pushed) and what became of the run. Only
   * from the runner that holds the node's attempt: any other is refused (409), which stops its run.
   */
  async receiveReport({ from, command }: { from: string; command: NodeReportCommand }): Promise<{ ok: true }> {
    await this.#change(command.planId, (stored) => {
      const work = stored.work.get(command.slug);
      const runner = work?.runner;
      if (!work || !runner || runner.instanceId !== from || runner.attempt !== command.attempt) {
        throw new AppError(
          "conflict",
          `Node ${command.slug} is no longer this runner's (its lease ran out, or the plan took it back), so its run should stop.`,
          { details: { isStale: true } },
        );
      }
      let run = stored.run;
      for (const event of command.events) {
        const result = applyRunEvent(run, { slug: command.slug, event });
        if (result.ok) run = result.run;
        else console.warn(`[arbor] plan ${command.planId}: from runner ${runner.label}: ${result.refusal.message}`);
      }
      const reported = command.work;
      return {
        run,
        work: withWork(stored, command.slug, () => ({
          ...work,
          branch: reported.branch,
          worktreePath: reported.worktreePath,
          sessionId: reported.sessionId,
          runs: reported.runs,
          checks: reported.checks ?? work.checks,
          autoCommit: reported.autoCommit ?? work.autoCommit,
          runner: { ...runner, pushedRef: reported.pushedRef ?? runner.pushedRef },
        })),
      };
    });
    this.kick(command.planId);
    return { ok: true };
  }

  /**
   * Team mode: every LEASE/3, nodes whose runner lost its lease (not seen for a lease, or restarted)
   * are taken back and queued again; their runs there count as interrupted.
   */
  startLeaseSweep(): void {
    if (this.#leaseSweep) return;
    this.#leaseSweep = setInterval(() => {
      this.#sweepLeases().catch((error: unknown) => console.error("[arbor] runner leases could not be checked", error));
    }, heartbeatMs(this.#leaseMs));
    this.#leaseSweep.unref();
  }

  async #sweepLeases(): Promise<void> {
    const local = new Set(await listLocalRepoIds(this.ctx.db));
    for (const stored of await listStoredPlanRuns(this.ctx.db)) {
      if (!local.has(stored.repoId)) continue;
      for (const node of stored.run.nodes) {
        const runner = stored.work.get(node.slug)?.runner;
        if (!runner || !isOnRunner(node)) continue;
        if (await holdsAttempt(this.ctx.db, { runner, leaseMs: this.#leaseMs })) continue;
        await this.#takeBack(stored.planId, node.slug, runner, `runner ${runner.label} lost its lease`);
      }
    }
  }

  /**
   * The node goes back to the queue, to start again from the base on whichever runner is free:
   * its runs on the runner count as interrupted, and a later report of that attempt is refused.
   */
  async #takeBack(planId: string, slug: string, runner: NodeRunner, why: string): Promise<void> {
    await this.#change(planId, (stored) => {
      const work = stored.work.get(slug);
      if (work?.runner?.attempt !== runner.attempt) return null;
      let run = stored.run;
      const interrupted = applyRunEvent(run, { slug, event: { type: "interrupted_by_restart" } });
      if (interrupted.ok) run = interrupted.run;
      if (!run.isPaused) run = applyOrKeep(run, slug, { type: "plan_resumed" });
      console.warn(`[arbor] plan ${planId}: ${slug} was taken back (${why}) and queued again`);
      return {
        run,
        work: withWork(stored, slug, (current) => ({
          ...current,
          branch: null,
          worktreePath: null,
          sessionId: null,
          checks: null,
          autoCommit: null,
          runner: null,
        })),
      };
    });
    this.kick(planId);
  }

  /**
   * One pass: follow the plan's tree (nodes added, moved or removed), start what may start, land what
   * is next, check what finished. Saved before anything is spawned.
   */
  async #advance(planId: string): Promise<void> {
    if (this.#isClosed) return;
    const stored = await readStoredPlanRun(this.ctx.db, planId);
    if (!stored) return;
    const [plan, view] = await Promise.all([getPlanOrThrow(this.ctx.db, planId), this.#viewOf(stored)]);
    const estimateUsd = estimateOfOneRun(view);
    const followed = followTree(stored.run, {
      tree: plan.tree ?? { nodes: [], edges: [] },
      nodeEstimateUsd: estimateUsd,
    });
    let run = withEstimate(followed.run, estimateUsd);
    let work = withTitles(stored.work, plan.tree?.nodes ?? []);
    const runners = await this.#runnersOf(stored.repoId);
    const { start: ready, held } = planNextDispatches(run, {
      slots: runners.length ? runnerSlots(runners) : agentSlots(this.ctx.runs, stored),
      budget: { limitUsd: stored.options.budgetUsd, spentUsd: view.spentUsd },
    });
    for (const hold of held) if (hold.event) run = applyOrKeep(run, hold.slug, hold.event);
    // Where each starts: a node with a worktree stays where it is; a new one goes to a free runner.
    const placed = placeOnRunners(ready, { work, runners });
    work = placed.work;
    const start = placed.start;
    for (const dispatch of start) run = applyOrKeep(run, dispatch.slug, { type: "dispatched" });
    if (stored.options.autoLand && !run.nodes.some((node) => node.state.name === "landing")) {
      const pick = await this.#landingPick(stored, run);
      if (pick.slug) run = applyOrKeep(run, pick.slug, { type: "land_started" });
    }
    const isChanged = run !== stored.run || work !== stored.work;
    const saved = isChanged ? await savePlanRun(this.ctx.db, stored, { run, work }) : stored;
    if (saved !== stored) this.#publish(saved);
    for (const slug of followed.stopAgentsOf) this.#cancelLastRun(saved.work.get(slug));
    for (const dispatch of start) this.#launch(planId, dispatch, null);
    for (const node of saved.run.nodes) {
      if (node.state.name === "checking") this.#once(planId, node.slug, () => this.#check(planId, node.slug));
      if (node.state.name === "landing") this.#once(planId, node.slug, () => this.#land(planId, node.slug));
    }
  }

  /** The runners of the repository's origin, or none (the plan runs here, with this machine's slots). */
  async #runnersOf(repoId: string): Promise<RunnerSlot[]> {
    const repo = await this.ctx.db.repo.findUnique({ where: { id: repoId }, select: { rootPath: true } });
    if (!repo) return [];
    return readRunnerPool(this.ctx.db, { repoRoot: repo.rootPath, leaseMs: this.#leaseMs });
  }

  /** Stops a node's last run, wherever it runs (a runner is asked through the team's queue). */
  #cancelLastRun(work: NodeWork | undefined): void {
    const runId = work?.runs.at(-1)?.runId;
    if (!runId) return;
    if (!work?.runner) {
      this.ctx.runs.cancel(runId);
      return;
    }
    void this.#askRunner(work.runner, { kind: "cancel", runId }).catch((error: unknown) =>
      console.error(`[arbor] runner ${work.runner?.label}: run ${runId} could not be stopped`, error),
    );
  }

  async #askRunner(runner: NodeRunner, command: RunNodeCommand | { kind: "cancel"; runId: string }) {
    const teamCommands = this.ctx.teamCommands;
    if (!teamCommands) {
      throw new AppError(
        "unavailable",
        `This Arbor cannot reach its runners: its job queue is not running (its log says why). Fix it and restart; the node is run again then.`,
      );
    }
    const [owner, local] = await Promise.all([
      findRepoOwner(this.ctx.db, runner.repoId),
      getLocalInstance(this.ctx.db),
    ]);
    if (!owner) throw new AppError("not_found", `Runner ${runner.label} no longer has the clone it offered.`);
    return teamCommands.request(owner, { from: local.id, by: `the plan run of Arbor "${local.label}"`, command });
  }

  async #landingPick(stored: StoredPlanRun, run: PlanRun): Promise<LandingPick> {
    if (!run.nodes.some((node) => node.state.name === "ready")) return nextToLand(run, { entries: [] });
    return nextToLand(run, await readPlanMergeOrder(this.ctx.db, { planId: stored.planId }));
  }

  /** Starts a node's agent run; its end (or a failure to start) comes back as the node's event. */
  #launch(planId: string, dispatch: Dispatch, message: string | null): void {
    const { slug } = dispatch;
    void (async () => {
      const stored = await readStoredPlanRun(this.ctx.db, planId);
      const node = stored?.run.nodes.find((candidate) => candidate.slug === slug);
      // Stopped, skipped or removed between the pass that dispatched it and now: nothing starts.
      if (!stored || !node || node.state.name !== "running") return;
      const runner = stored.work.get(slug)?.runner;
      if (runner) return this.#launchOnRunner(stored, dispatch, runner, message);
      const parentSlug = node.dependsOn[0];
      const launched = await launchNodeRun(this.ctx, {
        planId,
        repoId: stored.repoId,
        node,
        work: stored.work.get(slug) ?? emptyWork(slug),
        dispatch,
        permissionMode: stored.options.permissionMode,
        allowedDomains: stored.options.allowedDomains,
        parentSessionId: parentSlug ? (stored.work.get(parentSlug)?.sessionId ?? null) : null,
        message,
        onWork: (work) => this.#setWork(planId, slug, work),
      });
      const unwatch = watchNodeRequests(this.ctx.hub, launched.work, (event) => this.#report(planId, slug, event));
      try {
        await this.#event(planId, slug, await launched.ended);
      } finally {
        unwatch();
      }
    })().catch((error: unknown) =>
      this.#event(planId, slug, { type: "failed", message: errorMessage(error) }).catch((failure: unknown) =>
        console.error(`[arbor] plan ${planId}: ${slug} failed and could not be marked failed`, failure),
      ),
    );
  }

  /**
   * Hands the node's run to its runner: origin gets the base first (the runner starts from it), then
   * the runner is asked through the team's queue; its reports move the node from there on. A runner
   * that cannot take it (full, stopped, gone) gives the node back to the queue; one that refuses it
   * (not trusted there, mode not offered) fails the node with its reason.
   */
  async #launchOnRunner(stored: StoredPlanRun, dispatch: Dispatch, runner: NodeRunner, message: string | null) {
    const { planId } = stored;
    try {
      const scan = await scanPinnedRepo(this.ctx.db, { repoId: stored.repoId });
      const base = (await readBranchFacts({ repoPath: scan.repoRoot, scan })).defaultBranch;
      if (!base)
        throw new AppError(
          "precondition_failed",
          "Arbor cannot tell this repository's default branch, which runners start each node from. Check out main (or master), then Retry the node.",
        );
      const isTrusted = await isRepositoryTrusted(this.ctx.db, stored.repoId);
      await runSerially(this.#queues, `push:${stored.repoId}`, () =>
        pushBase({ repoRoot: scan.repoRoot, base, isTrusted }),
      );
      const reply = await this.#askRunner(runner, {
        kind: "run_node",
        repoId: runner.repoId,
        planId,
        slug: dispatch.slug,
        attempt: runner.attempt,
        purpose: dispatch.purpose,
        message,
        baseBranch: base,
      });
      if (reply.status < 400) return;
      const refusal = (reply.body as { error?: { message?: string; details?: { isFull?: boolean } } }).error;
      if (reply.status === 409 && refusal?.details?.isFull) {
        return this.#takeBack(planId, dispatch.slug, runner, `runner ${runner.label} was full`);
      }
      await this.#event(planId, dispatch.slug, {
        type: "failed",
        message: `runner ${runner.label} refused it: ${refusal?.message ?? `status ${reply.status}`}`,
      });
    } catch (error) {
      if (isAppError(error) && error.code === "unavailable") {
        return this.#takeBack(
          planId,
          dispatch.slug,
          runner,
          `runner ${runner.label} did not take it: ${error.message}`,
        );
      }
      await this.#event(planId, dispatch.slug, { type: "failed", message: errorMessage(error) });
    }
  }

  /**
   * A node its runner finished goes on here: its pushed work becomes the node's branch in a worktree
   * of this clone, where its checks (when asked again) and its land run as for any node.
   */
  async #takeOverFromRunner(planId: string, slug: string): Promise<void> {
    const stored = await readStoredPlanRun(this.ctx.db, planId);
    const work = stored?.work.get(slug);
    const runner = work?.runner;
    if (!stored || !work || !runner) return;
    if (!runner.pushedRef) {
      throw new AppError(
        "conflict",
        `runner ${runner.label} has not pushed the node's work. Retry the node to run it again.`,
      );
    }
    const scan = await scanPinnedRepo(this.ctx.db, { repoId: stored.repoId });
    if (!work.branch) {
      throw new AppError(
        "conflict",
        `runner ${runner.label} did not say which branch the node's work is on. Retry the node.`,
      );
    }
    const worktreePath = await takeOverPushedWork({
      repoRoot: scan.repoRoot,
      ref: runner.pushedRef,
      branch: work.branch,
      slug,
      isTrusted: await isRepositoryTrusted(this.ctx.db, stored.repoId),
    });
    await this.#setWork(planId, slug, { ...work, worktreePath, sessionId: null, runner: null, ranOn: runner.label });
  }

  async #check(planId: string, slug: string): Promise<void> {
    if ((await readStoredPlanRun(this.ctx.db, planId))?.work.get(slug)?.runner)
      await this.#takeOverFromRunner(planId, slug);
    const stored = await readStoredPlanRun(this.ctx.db, planId);
    const work = stored?.work.get(slug);
    if (!stored || !work?.worktreePath) return this.#event(planId, slug, noWorktree(slug));
    const outcome = await checkNode(this.ctx, {
      repoId: stored.repoId,
      worktreePath: work.worktreePath,
      title: work.title,
    });
    await this.#event(planId, slug, outcome.event, (current) => ({
      ...current,
      checks: outcome.checks,
      autoCommit: outcome.autoCommit ?? current.autoCommit,
    }));
  }

  async #land(planId: string, slug: string): Promise<void> {
    if ((await readStoredPlanRun(this.ctx.db, planId))?.work.get(slug)?.runner)
      await this.#takeOverFromRunner(planId, slug);
    const stored = await readStoredPlanRun(this.ctx.db, planId);
    const work = stored?.work.get(slug);
    if (!stored || !work?.worktreePath) return this.#event(planId, slug, noWorktree(slug));
    await this.#event(
      planId,
      slug,
      await landNode(this.ctx, { repoId: stored.repoId, worktreePath: work.worktreePath }),
    );
  }

  /** Runs `work` for a node unless the same is already under way; a failure becomes the node's. */
  #once(planId: string, slug: string, work: () => Promise<void>): void {
    const key = `${planId}\0${slug}`;
    if (this.#inFlight.has(key)) return;
    this.#inFlight.add(key);
    work()
      .catch((error: unknown) => this.#event(planId, slug, { type: "failed", message: errorMessage(error) }))
      .catch((error: unknown) => console.error(`[arbor] plan ${planId}: ${slug}`, error))
      .finally(() => {
        this.#inFlight.delete(key);
        this.kick(planId);
      });
  }

  /** A fact about a node (a late one, for a node that moved on, is dropped), then another pass. */
  async #event(
    planId: string,
    slug: string,
    event: NodeEvent,
    updateWork?: (work: NodeWork) => NodeWork,
  ): Promise<void> {
    await this.#change(planId, (stored) => {
      const result = applyRunEvent(stored.run, { slug, event });
      if (!result.ok) {
        console.warn(`[arbor] plan ${planId}: ${result.refusal.message}`);
        return null;
      }
      return { run: result.run, work: updateWork ? withWork(stored, slug, updateWork) : stored.work };
    });
    this.kick(planId);
  }

  /** #event from a listener, which has no one to tell when saving fails: it is logged. */
  #report(planId: string, slug: string, event: NodeEvent): void {
    this.#event(planId, slug, event).catch((error: unknown) =>
      console.error(`[arbor] plan ${planId}: ${slug}: ${event.type} was not recorded`, error),
    );
  }

  async #setWork(planId: string, slug: string, work: NodeWork): Promise<void> {
    await this.#change(planId, (stored) => ({ run: stored.run, work: withWork(stored, slug, () => work) }));
  }

  /** Read, change, save and tell, in the plan's queue; `change` returning null leaves the run as it is. */
  async #change(
    planId: string,
    change: (
      stored: StoredPlanRun,
    ) =>
      | { run: PlanRun; work?: ReadonlyMap<string, NodeWork> }
      | null
      | Promise<{ run: PlanRun; work?: ReadonlyMap<string, NodeWork> } | null>,
  ): Promise<void> {
    await runSerially(this.#queues, planId, async () => {
      // Stopping: what the shutdown cuts stays as it was saved, for the next start to resume.
      if (this.#isClosed) return;
      const stored = await readStoredPlanRun(this.ctx.db, planId);
      if (!stored) throw new AppError("not_found", "This plan has not been run yet. Run it first.");
      const next = await change(stored);
      if (!next) return;
      this.#publish(await savePlanRun(this.ctx.db, stored, { run: next.run, work: next.work ?? stored.work }));
    });
  }

  #publish(stored: StoredPlanRun): void {
    this.ctx.hub.publish(repoTopic(stored.repoId), planRunMessage(stored));
  }
}

const noWorktree = (slug: string): NodeEvent => ({
  type: "failed",
  message: `${slug} has no worktree any more (it was removed). Retry it to start again from its spec.`,
});
