import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { changeLedgerEntry } from "./change-entry.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

/** How many proposals one "Confirm all" may confirm at once. */
export const MAX_BULK_CONFIRM = 200;

/**
 * The user confirms several proposals of a repository at once ("Confirm all"): each is confirmed on its
 * own, so one that changed meanwhile (already confirmed, dismissed) is reported and the others still go.
 */
export async function confirmLedgerEntries(
  { db, hub }: { db: Db; hub: EventHub },
  input: { repoId: string; entryIds: number[]; actorName: string },
): Promise<{ confirmed: number[]; skipped: Array<{ id: number; reason: string }> }> {
  if (input.entryIds.length > MAX_BULK_CONFIRM) {
    throw new AppError(
      "invalid_input",
      `Confirm at most ${MAX_BULK_CONFIRM} proposals at once (${input.entryIds.length} were sent).`,
    );
  }
  const confirmed: number[] = [];
  const skipped: Array<{ id: number; reason: string }> = [];
  for (const entryId of [...new Set(input.entryIds)]) {
    try {
      await changeLedgerEntry(
        { db, hub },
        {
          entryId,
          action: { type: "confirm" },
          actor: "user",
          actorName: input.actorName,
          repoId: input.repoId,
        },
      );
      confirmed.push(entryId);
    } catch (error) {
      skipped.push({ id: entryId, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { confirmed, skipped };
}
