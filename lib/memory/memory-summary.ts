import type { Db } from "@/lib/db/client.ts";

/**
 * The summary Arbor's memory builds on: the newest one a model wrote. An extractive summary (made when the
 * model could not write one) is for the user to read; prompts, the next summary and its check, upkeep and
 * Lighten all ignore it, so nothing it picked out of the messages is ever taken for a decision or a task, a
 * later summary never has to carry it, and the messages it covers stay verbatim in the prompts (and are not
 * archived) until a model summary covers them.
 */
export function findMemorySummary(db: Db, sessionId: string) {
  return db.chatSummary.findFirst({ where: { sessionId, kind: "model" }, orderBy: { id: "desc" } });
}
