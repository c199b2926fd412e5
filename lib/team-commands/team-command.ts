import { z } from "zod";
import { approvalDecisionSchema } from "@/lib/approvals/approval-types.ts";
import { toolRuleSchema } from "@/lib/realtime/approval-view.ts";
import type { RepoLocator, RepoOwner } from "@/lib/team/ownership.ts";

/**
 * What one instance may ask the owner of a repository to do there, in the owner's own process: the
 * same requests its browser could make. A command names rows by id (a worktree by the path git lists
 * for it there) and carries the user's words; never a command line, a permission mode or a trust
 * decision (those stay the owner's).
 */
const runPurposeSchema = z.enum(["spec", "continue", "fix_checks", "resolve_conflict"]);
const slugSchema = z.string().min(1).max(200);

/** A plan's owner asks a runner to run a node's agent (then its checks, then to push its work). */
export const runNodeCommandSchema = z.object({
  kind: z.literal("run_node"),
  /** The runner's own clone, which it offered. */
  repoId: z.string().uuid(),
  planId: z.string().uuid(),
  slug: slugSchema,
  attempt: z.string().uuid(),
  purpose: runPurposeSchema,
  /** The user's answer to the agent's question, sent as is; null: the purpose says what to send. */
  message: z.string().max(100_000).nullable(),
  /** The plan's base branch on the shared remote. */
  baseBranch: z.string().min(1).max(255),
});
export type RunNodeCommand = z.infer<typeof runNodeCommandSchema>;

/** What a runner may report of a node: its run's facts, never a landing (the owner lands). */
export const reportedNodeEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("run_ended"), question: z.string().max(20_000).nullable() }),
  z.object({ type: z.literal("checks_passed") }),
  z.object({ type: z.literal("checks_failed"), maxAutomaticRetries: z.number().int().min(0).max(10) }),
  z.object({
    type: z.literal("needs_user"),
    waitingFor: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("tool"), toolName: z.string().max(200) }),
      z.object({ kind: z.literal("question"), question: z.string().max(20_000) }),
    ]),
  }),
  z.object({ type: z.literal("user_answered") }),
  z.object({ type: z.literal("failed"), message: z.string().max(4_000) }),
  z.object({ type: z.literal("stop") }),
  z.object({ type: z.literal("interrupted_by_restart") }),
]);

/** The runner's side of a node's work (its worktree and conversation are on the runner's clone). */
const reportedWorkSchema = z.object({
  branch: z.string().max(255).nullable(),
  worktreePath: z.string().max(4096).nullable(),
  sessionId: z.string().uuid().nullable(),
  runs: z
    .array(z.object({ runId: z.string().uuid(), purpose: runPurposeSchema, startedAt: z.string().max(40) }))
    .max(500),
  checks: z
    .object({
      status: z.enum(["passed", "failed", "not_run"]),
      at: z.string().max(40),
      note: z.string().max(2_000).nullable(),
    })
    .nullable(),
  autoCommit: z.string().max(64).nullable(),
  pushedRef: z.string().max(500).nullable(),
});

/** A runner tells the plan's owner what became of a node it runs, for the attempt it was given. */
export const nodeReportCommandSchema = z.object({
  kind: z.literal("node_report"),
  planId: z.string().uuid(),
  slug: slugSchema,
  attempt: z.string().uuid(),
  work: reportedWorkSchema,
  events: z.array(reportedNodeEventSchema).max(4),
});
export type NodeReportCommand = z.infer<typeof nodeReportCommandSchema>;

export const teamCommandSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("open_session"), repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096) }),
  z.object({ kind: z.literal("send"), sessionId: z.string().uuid(), userMessage: z.string() }),
  z.object({ kind: z.literal("cancel"), runId: z.string().uuid() }),
  /** "Retry", or "Allow and retry" with the tools the earlier run was refused, for the new run only. */
  z.object({
    kind: z.literal("retry"),
    runId: z.string().uuid(),
    allowTools: z.array(toolRuleSchema).max(20).optional(),
  }),
  z.object({
    kind: z.literal("answer_approval"),
    approvalId: z.string().min(1).max(200),
    decision: approvalDecisionSchema,
  }),
  runNodeCommandSchema,
  nodeReportCommandSchema,
]);
export type TeamCommand = z.infer<typeof teamCommandSchema>;

/** A command as it travels: who asks (the instance, and the user it authenticated) and what. */
export const commandEnvelopeSchema = z.object({
  /** The asking instance's id: a row of this database's instances. */
  from: z.string().min(1).max(200),
  /** Who, on that instance: its description of the signed-in browser or API client. */
  by: z.string().min(1).max(300),
  command: teamCommandSchema,
  /** The team key's signature (command-signature.ts), checked by an instance that has the key. */
  sig: z.unknown().optional(),
});
export type CommandEnvelope = z.infer<typeof commandEnvelopeSchema>;

/** The owner's answer: the HTTP status and JSON body its own route would have given. */
export interface CommandReply {
  status: number;
  body: unknown;
}

/** The row whose repository decides who runs the command. */
export function locatorOf(command: TeamCommand): RepoLocator {
  switch (command.kind) {
    case "open_session":
      return { repoId: command.repoId };
    case "send":
      return { sessionId: command.sessionId };
    case "cancel":
    case "retry":
      return { runId: command.runId };
    case "answer_approval":
      return { approvalId: command.approvalId };
    case "run_node":
      return { repoId: command.repoId };
    case "node_report":
      return { planId: command.planId };
  }
}

/** Where plan runs take their nodes' commands: the runner's side and the owner's. */
export interface NodeCommands {
  runNode(input: { from: string; command: RunNodeCommand }): Promise<unknown>;
  receiveReport(input: { from: string; command: NodeReportCommand }): Promise<unknown>;
}

/** Sends commands to the instance that owns a repository and waits for its reply. */
export interface TeamCommands {
  request(owner: RepoOwner, envelope: CommandEnvelope): Promise<CommandReply>;
}
