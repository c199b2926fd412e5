import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { describeActor, type Actor } from "@/lib/http/actor.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";
import type { RepoOwner } from "@/lib/team/ownership.ts";
import type { CommandReply, TeamCommand, TeamCommands } from "./team-command.ts";

/**
 * Asks the repository's owner to do what this instance's user asked, and gives back the owner's
 * answer. The record says who: the user as this instance authenticated them, and this instance.
 */
export async function forwardToOwner(
  ctx: { db: Db; teamCommands: TeamCommands | null },
  input: { owner: RepoOwner; command: TeamCommand; actor: Actor },
): Promise<CommandReply> {
  const { owner } = input;
  if (!ctx.teamCommands) {
    throw new AppError(
      "unavailable",
      `This repository belongs to Arbor "${owner.label}" on ${owner.hostName}, and this Arbor cannot pass requests to it: its job queue is not running (its log says why). Use that Arbor${owner.url ? ` at ${owner.url}` : ""}, or fix this one and restart it.`,
      { details: { isRemote: true, instanceId: owner.instanceId } },
    );
  }
  const local = await getLocalInstance(ctx.db);
  return ctx.teamCommands.request(owner, {
    from: local.id,
    by: `${describeActor(input.actor)} on Arbor "${local.label}"`,
    command: input.command,
  });
}
