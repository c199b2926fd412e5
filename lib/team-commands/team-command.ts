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
]);
export type TeamCommand = z.infer<typeof teamCommandSchema>;

/** A command as it travels: who asks (the instance, and the user it authenticated) and what. */
export const commandEnvelopeSchema = z.object({
  /** The asking instance's id: a row of this database's instances. */
  from: z.string().min(1).max(200),
  /** Who, on that instance: its description of the signed-in browser or API client. */
  by: z.string().min(1).max(300),
  command: teamCommandSchema,
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
  }
}

/** Sends commands to the instance that owns a repository and waits for its reply. */
export interface TeamCommands {
  request(owner: RepoOwner, envelope: CommandEnvelope): Promise<CommandReply>;
}
