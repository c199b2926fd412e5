import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { planLedgerChange, type LedgerAction } from "./ledger-transitions.ts";
import type { LedgerActor, LedgerEntryView } from "./ledger-types.ts";
import { publishLedgerChange } from "./publish-ledger.ts";
import { toLedgerEntryView } from "./to-ledger-view.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

/**
 * Applies one change to an entry (edit, close, reopen, supersede, confirm, dismiss, undo) as `actor`,
 * after planLedgerChange allowed it, and records it as an event with its evidence and, for the user, the
 * signed-in browser it came from. A supersede stores the replacement (same kind and scope) in the same
 * transaction; undoing one drops that replacement again. A change made meanwhile by someone else is
 * refused (conflict), never overwritten.
 */
export async function changeLedgerEntry(
  { db, hub }: { db: Db; hub: EventHub },
  input: {
    entryId: number;
    action: LedgerAction;
    actor: LedgerActor;
    /** Only entries of this repository may be changed (the route's repository). */
    repoId?: string;
    evidence?: number[];
    note?: string | null;
    /** Provenance of a replacement made from a conversation. */
    sessionId?: string | null;
    /** The signed-in browser a user's change came from (lib/http/actor.ts). */
    actorName?: string | null;
  },
): Promise<{ entry: LedgerEntryView; replacement: LedgerEntryView | null }> {
  const entry = await db.ledgerEntry.findUnique({
    where: { id: input.entryId },
    include: { events: { orderBy: { id: "desc" }, take: 1 } },
  });
  if (!entry || (input.repoId !== undefined && entry.repoId !== input.repoId)) {
    throw new AppError("not_found", `Ledger entry L${input.entryId} does not exist (it may be in another repository).`);
  }
  const change = planLedgerChange({
    entry: {
      kind: entry.kind === "task" ? "task" : "decision",
      status: entry.status as never,
      text: entry.text,
      supersededById: entry.supersededById,
    },
    action: input.action,
    actor: input.actor,
    evidence: input.evidence,
    lastEvent: entry.events[0] ?? null,
  });
  const replacementId = await db.$transaction(async (tx) => {
    let replacement: number | null = null;
    if (change.action === "superseded") {
      const created = await tx.ledgerEntry.create({
        data: {
          repoId: entry.repoId,
          kind: entry.kind,
          text: change.text!,
          scope: entry.scope,
          worktreePath: entry.worktreePath,
          planId: entry.planId,
          nodeSlug: entry.nodeSlug,
          origin: "user",
          via: "panel",
          sessionId: input.sessionId ?? entry.sessionId,
          topicId: entry.topicId,
          events: {
            create: { action: "created", actor: input.actor, toStatus: "open", note: `Replaces L${entry.id}.` },
          },
        },
      });
      replacement = created.id;
    }
    if (change.undoesReplacementId !== undefined) await dropReplacement(tx, { ...input, change });
    const updated = await tx.ledgerEntry.updateMany({
      where: { id: entry.id, status: entry.status, text: entry.text },
      data: {
        status: change.toStatus,
        ...(change.text !== null && change.action !== "superseded" ? { text: change.text } : {}),
        ...(replacement !== null ? { supersededById: replacement } : {}),
        ...(change.action === "reopened" || change.undoesReplacementId !== undefined ? { supersededById: null } : {}),
      },
    });
    if (updated.count === 0) {
      throw new AppError("conflict", `L${entry.id} was changed meanwhile; reload it and try again.`);
    }
    await tx.ledgerEvent.create({
      data: {
        entryId: entry.id,
        action: change.action,
        actor: input.actor,
        fromStatus: change.fromStatus,
        toStatus: change.toStatus,
        previousText: change.text !== null && change.action !== "superseded" ? entry.text : null,
        evidence: JSON.stringify(input.evidence ?? []),
        note: input.note ?? (replacement !== null ? `Replaced by L${replacement}.` : null),
        actorName: input.actor === "user" ? (input.actorName ?? null) : null,
      },
    });
    return replacement;
  });
  publishLedgerChange(hub, entry.repoId);
  const [after, replacement] = await Promise.all([
    db.ledgerEntry.findUniqueOrThrow({ where: { id: entry.id }, include: { events: { orderBy: { id: "asc" } } } }),
    replacementId === null
      ? null
      : db.ledgerEntry.findUniqueOrThrow({
          where: { id: replacementId },
          include: { events: { orderBy: { id: "asc" } } },
        }),
  ]);
  return { entry: toLedgerEntryView(after), replacement: replacement ? toLedgerEntryView(replacement) : null };
}

/** Undoing a supersede: the replacement it made is dropped, with an event saying why. */
async function dropReplacement(
  tx: Parameters<Parameters<Db["$transaction"]>[0]>[0],
  input: { entryId: number; actor: LedgerActor; actorName?: string | null; change: { undoesReplacementId?: number } },
): Promise<void> {
  const id = input.change.undoesReplacementId!;
  const replacement = await tx.ledgerEntry.findUnique({ where: { id }, select: { status: true } });
  if (!replacement) return;
  await tx.ledgerEntry.update({ where: { id }, data: { status: "dropped" } });
  await tx.ledgerEvent.create({
    data: {
      entryId: id,
      action: "undone",
      actor: input.actor,
      actorName: input.actorName ?? null,
      fromStatus: replacement.status,
      toStatus: "dropped",
      note: `The supersede of L${input.entryId} was undone.`,
    },
  });
}
