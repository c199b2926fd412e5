import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { checkText } from "./ledger-transitions.ts";
import type { LedgerActor, LedgerEntryView, LedgerKind, LedgerOrigin, LedgerScope, LedgerVia } from "./ledger-types.ts";
import { publishLedgerChange } from "./publish-ledger.ts";
import { toLedgerEntryView } from "./to-ledger-view.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

export interface NewLedgerEntry {
  repoId: string;
  kind: LedgerKind;
  text: string;
  scope: LedgerScope;
  worktreePath?: string | null;
  planId?: string | null;
  nodeSlug?: string | null;
  origin: LedgerOrigin;
  via: LedgerVia;
  actor: LedgerActor;
  sessionId?: string | null;
  messageId?: number | null;
  runId?: string | null;
  hookEventId?: number | null;
  claudeSessionId?: string | null;
  topicId?: number | null;
  /** Set when the same source can deliver the entry twice (a tag of one answer, a hook's Stop). */
  originKey?: string | null;
  evidence?: number[];
  note?: string | null;
}

/**
 * Stores a new ledger entry with its provenance and a "created" event, and tells the browsers. What the
 * user writes is in force at once; whatever else captures an entry (a summary, an answer's tag, a Claude
 * Code session, a sentence Arbor recognised) only proposes it, until the user confirms it. An entry whose
 * `originKey` is already stored is not stored again (the existing one is returned).
 */
export async function createLedgerEntry(
  { db, hub }: { db: Db; hub: EventHub },
  input: NewLedgerEntry,
): Promise<{ entry: LedgerEntryView; isNew: boolean }> {
  const text = checkText(input.text);
  assertScopeFields(input);
  if (input.originKey) {
    const existing = await db.ledgerEntry.findUnique({ where: { originKey: input.originKey } });
    if (existing) return { entry: toLedgerEntryView(existing), isNew: false };
  }
  const status = input.actor === "user" ? "open" : "proposed";
  let created;
  try {
    created = await db.ledgerEntry.create({
      data: {
        repoId: input.repoId,
        kind: input.kind,
        text,
        status,
        scope: input.scope,
        worktreePath: input.scope === "worktree" ? input.worktreePath : null,
        planId: input.scope === "plan" || input.scope === "node" ? input.planId : null,
        nodeSlug: input.scope === "node" ? input.nodeSlug : null,
        origin: input.origin,
        via: input.via,
        sessionId: input.sessionId ?? null,
        messageId: input.messageId ?? null,
        runId: input.runId ?? null,
        hookEventId: input.hookEventId ?? null,
        claudeSessionId: input.claudeSessionId ?? null,
        topicId: input.topicId ?? null,
        originKey: input.originKey ?? null,
        events: {
          create: {
            action: "created",
            actor: input.actor,
            toStatus: status,
            evidence: JSON.stringify(input.evidence ?? []),
            note: input.note ?? null,
          },
        },
      },
      include: { events: { orderBy: { id: "asc" } } },
    });
  } catch (error) {
    // Two deliveries of the same source raced: the other one stored it.
    if ((error as { code?: string }).code === "P2002" && input.originKey) {
      const existing = await db.ledgerEntry.findUniqueOrThrow({ where: { originKey: input.originKey } });
      return { entry: toLedgerEntryView(existing), isNew: false };
    }
    throw error;
  }
  publishLedgerChange(hub, input.repoId);
  return { entry: toLedgerEntryView(created), isNew: true };
}

function assertScopeFields(input: NewLedgerEntry): void {
  if (input.scope === "worktree" && !input.worktreePath)
    throw new AppError("invalid_input", "An entry for a worktree needs the worktree's path.");
  if ((input.scope === "plan" || input.scope === "node") && !input.planId)
    throw new AppError(
      "invalid_input",
      "This worktree is not linked to a plan; scope the entry to the worktree or the repository.",
    );
  if (input.scope === "node" && !input.nodeSlug)
    throw new AppError(
      "invalid_input",
      "This worktree's branch is not a node of its plan's design tree; scope the entry to the plan, the worktree or the repository.",
    );
}
