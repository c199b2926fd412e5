import { answerApproval, type ApprovalContext } from "@/lib/approvals/approval-broker.ts";
import { cancelRun } from "@/lib/chat/send/cancel-run.ts";
import { acceptChatMessage, acceptRetry, type SendContext } from "@/lib/chat/send/send-message.ts";
import type { ApprovalsPort } from "@/lib/approvals/approvals-port.ts";
import { openChatSession } from "@/lib/chat/sessions/open-session.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/error-body.ts";
import { assertLocalRepo, findRepoIdOf } from "@/lib/team/ownership.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";
import { checkSignature, type NonceMemory } from "./command-signature.ts";
import {
  commandEnvelopeSchema,
  locatorOf,
  type CommandEnvelope,
  type CommandReply,
  type NodeCommands,
} from "./team-command.ts";

/** Commands that queue a run answer as their routes do: 202, the run follows. */
const ACCEPTED = new Set(["send", "retry", "run_node"]);

export type CommandContext = SendContext & { approvals: ApprovalsPort } & ApprovalContext &
  Parameters<typeof openChatSession>[0] & {
    isTrusted: (repoId: string) => Promise<boolean>;
    planRuns: NodeCommands;
    /** The team's key and the nonces seen: with it, only commands signed with it run. */
    signatures: { key: string; seen: NonceMemory } | null;
  };

/**
 * Runs another instance's command here, as this instance's own route would, and answers with what
 * that route would have answered. What arrives is a database row anyone with the database's
 * password could have written, so nothing in it is believed: it must parse, come from an instance
 * of this database, act on a repository this instance holds and has trusted itself (its code and
 * settings reviewed here), and then goes through the same functions, permission mode and rules as
 * a request of this instance's own browser.
 */
export async function runTeamCommand(ctx: CommandContext, data: unknown): Promise<CommandReply> {
  try {
    const envelope = commandEnvelopeSchema.parse(data);
    assertSigned(ctx, envelope);
    await assertMayRun(ctx, envelope);
    return { status: ACCEPTED.has(envelope.command.kind) ? 202 : 200, body: await execute(ctx, envelope) };
  } catch (error) {
    const { status, body, isUnexpected } = toErrorBody(error);
    if (isUnexpected) console.error("[arbor] a team command failed", error);
    return { status, body };
  }
}

/** With the team's key, only a command signed with it, within its time and once, is believed at all. */
function assertSigned(ctx: CommandContext, envelope: CommandEnvelope): void {
  if (!ctx.signatures) return;
  const reason = checkSignature(envelope, ctx.signatures);
  if (reason) {
    throw new AppError(
      "forbidden",
      `This request ${reason}, so it was not run. Every Arbor of the team must start with the same ARBOR_TEAM_KEY.`,
      { details: { isUnsigned: true } },
    );
  }
}

async function assertMayRun(ctx: CommandContext, envelope: CommandEnvelope): Promise<void> {
  const local = await getLocalInstance(ctx.db);
  const sender = await ctx.db.instance.findUnique({ where: { id: envelope.from }, select: { id: true } });
  if (!sender || sender.id === local.id) {
    throw new AppError(
      "forbidden",
      "This request does not come from another Arbor of this database, so it was not run. Send it from an Arbor that uses the same database.",
    );
  }
  const locator = locatorOf(envelope.command);
  await assertLocalRepo(ctx.db, locator);
  const repoId = await findRepoIdOf(ctx.db, locator);
  if (!repoId) return; // the command's own function reports what is missing
  if (!(await ctx.isTrusted(repoId))) {
    throw new AppError(
      "forbidden",
      `Arbor "${local.label}" has not trusted this repository, so it takes no work for it from another Arbor. Review and trust the repository on ${local.hostName} first (Trust, beside its name), then try again.`,
      { details: { instanceId: local.id, needsTrust: true } },
    );
  }
}

async function execute(ctx: CommandContext, { command, by, from }: CommandEnvelope): Promise<unknown> {
  switch (command.kind) {
    case "open_session":
      return { session: await openChatSession(ctx, { repoId: command.repoId, worktreePath: command.worktreePath }) };
    case "send":
      return acceptChatMessage(ctx, { sessionId: command.sessionId, userMessage: command.userMessage });
    case "cancel":
      return { ok: true, ...(await cancelRun(ctx, { runId: command.runId })) };
    case "retry":
      return acceptRetry(ctx, {
        runId: command.runId,
        ...(command.allowTools ? { allowTools: command.allowTools } : {}),
      });
    case "answer_approval":
      return {
        approval: await answerApproval(ctx, { approvalId: command.approvalId, decision: command.decision, by }),
      };
    case "run_node":
      return ctx.planRuns.runNode({ from, command });
    case "node_report":
      return ctx.planRuns.receiveReport({ from, command });
  }
}
