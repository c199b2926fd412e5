import type { Db } from "@/lib/db/client.ts";
import { captureStatements, normalizeStatement, type CaptureSource } from "./capture-statements.ts";
import { createLedgerEntry } from "./create-entry.ts";
import type { LedgerEntryView } from "./ledger-types.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

/**
 * Files what a message states as a decision or a task (capture-statements.ts) as proposals of the worktree's
 * ledger, linked to the message: the next prompts carry them apart until the user confirms or dismisses
 * them. A statement the repository's ledger already holds (in force, proposed or dismissed) is not proposed
 * again; each message's statements are stored once however often it is read. Never throws: capturing is
 * best effort and must not fail a send.
 */
export async function captureFromMessage(
  { db, hub }: { db: Db; hub: EventHub },
  input: {
    repoId: string;
    worktreePath: string;
    text: string;
    source: CaptureSource;
    /** A chat message (the conversation and the message are the provenance)… */
    sessionId?: string | null;
    messageId?: number | null;
    /** …or a terminal session's prompt (its hook event). */
    claudeSessionId?: string | null;
    hookEventId?: number | null;
    /** What makes this message's statements unique (`chat:<id>`, `hook:<id>`). */
    originKey: string;
  },
): Promise<LedgerEntryView[]> {
  try {
    const statements = captureStatements(input.text, input.source);
    if (statements.length === 0) return [];
    const known = await db.ledgerEntry.findMany({
      where: { repoId: input.repoId, status: { in: ["open", "proposed", "dismissed"] } },
      select: { text: true },
      orderBy: { id: "desc" },
      take: 2000,
    });
    const seen = new Set(known.map((entry) => normalizeStatement(entry.text)));
    const created: LedgerEntryView[] = [];
    for (const [index, statement] of statements.entries()) {
      const key = normalizeStatement(statement.text);
      if (seen.has(key)) continue;
      seen.add(key);
      const { entry, isNew } = await createLedgerEntry(
        { db, hub },
        {
          repoId: input.repoId,
          kind: statement.kind,
          text: statement.text,
          scope: "worktree",
          worktreePath: input.worktreePath,
          origin: "capture",
          via: input.hookEventId ? "hook" : "message",
          actor: "arbor",
          sessionId: input.sessionId ?? null,
          messageId: input.messageId ?? null,
          claudeSessionId: input.claudeSessionId ?? null,
          hookEventId: input.hookEventId ?? null,
          originKey: `capture:${input.originKey}:${index}`,
          note: `Arbor read it as a ${statement.kind} in ${input.source === "user" ? "the user's" : "Claude's"} message.`,
        },
      );
      if (isNew) created.push(entry);
    }
    return created;
  } catch (error) {
    console.error("[arbor] capturing decisions and tasks from a message failed", error);
    return [];
  }
}
