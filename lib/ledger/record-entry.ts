import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { createLedgerEntry } from "./create-entry.ts";
import { resolveWorktreeScope } from "./ledger-scope.ts";
import type { LedgerEntryView, LedgerKind, LedgerScope } from "./ledger-types.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

/**
 * The user records a decision or a task: /decide or /todo in the composer, a message or a selection
 * marked in the chat, or the panel. From a conversation (`sessionId`) it is scoped to that worktree by
 * default (or its node, its plan, the repository); a marked message must belong to that conversation.
 * From the repository's panel (`repoId` only) it applies to the whole repository.
 */
export async function recordLedgerEntry(
  { db, hub }: { db: Db; hub: EventHub },
  input: {
    kind: LedgerKind;
    text: string;
    via: "command" | "message" | "selection" | "panel";
    sessionId?: string;
    repoId?: string;
    scope?: LedgerScope;
    messageId?: number;
  },
): Promise<LedgerEntryView> {
  if (input.sessionId)
    return (await recordFromConversation({ db, hub }, { ...input, sessionId: input.sessionId })).entry;
  if (!input.repoId)
    throw new AppError("invalid_input", "Say where the entry belongs: a conversation or a repository.");
  if (input.messageId !== undefined)
    throw new AppError("invalid_input", "A marked message needs its conversation (sessionId).");
  const scope = input.scope ?? "repo";
  if (scope !== "repo")
    throw new AppError(
      "invalid_input",
      "From the repository, an entry applies to the whole repository; open a worktree to scope it there.",
    );
  const repo = await db.repo.findUnique({ where: { id: input.repoId }, select: { id: true } });
  if (!repo) throw new AppError("not_found", "That repository is not known to Arbor. Pin it first.");
  const created = await createLedgerEntry(
    { db, hub },
    {
      repoId: repo.id,
      kind: input.kind,
      text: input.text,
      scope: "repo",
      origin: "user",
      via: input.via,
      actor: "user",
    },
  );
  return created.entry;
}

async function recordFromConversation(
  { db, hub }: { db: Db; hub: EventHub },
  input: {
    kind: LedgerKind;
    text: string;
    via: "command" | "message" | "selection" | "panel";
    sessionId: string;
    scope?: LedgerScope;
    messageId?: number;
  },
) {
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId } });
  if (!session)
    throw new AppError("not_found", "That conversation does not exist. Open the worktree again from the list.");
  if (input.messageId !== undefined) {
    const message = await db.chatMessage.findFirst({
      where: { id: input.messageId, sessionId: session.id },
      select: { id: true },
    });
    if (!message) throw new AppError("not_found", `Message #${input.messageId} is not in this conversation.`);
  }
  const where = await resolveWorktreeScope(db, { repoId: session.repoId, worktreePath: session.worktreePath });
  const scope = input.scope ?? "worktree";
  return createLedgerEntry(
    { db, hub },
    {
      repoId: session.repoId,
      kind: input.kind,
      text: input.text,
      scope,
      worktreePath: session.worktreePath,
      planId: scope === "node" ? (where.node?.planId ?? null) : (where.planId ?? where.node?.planId ?? null),
      nodeSlug: where.node?.slug ?? null,
      origin: "user",
      via: input.via,
      actor: "user",
      sessionId: session.id,
      messageId: input.messageId ?? null,
    },
  );
}
