import type { LedgerEntry, LedgerEvent } from "@/lib/db/generated/client.ts";
import {
  LEDGER_KINDS,
  LEDGER_SCOPES,
  LEDGER_STATUSES,
  type LedgerEntryView,
  type LedgerEventView,
  type LedgerKind,
  type LedgerScope,
  type LedgerStatus,
} from "./ledger-types.ts";

export function toLedgerEventView(event: LedgerEvent): LedgerEventView {
  return {
    id: event.id,
    action: event.action,
    actor: event.actor,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    previousText: event.previousText,
    evidence: parseIds(event.evidence),
    note: event.note,
    actorName: event.actorName,
    createdAt: event.createdAt.toISOString(),
  };
}

export function toLedgerEntryView(entry: LedgerEntry & { events?: LedgerEvent[] }): LedgerEntryView {
  const last = entry.events?.at(-1) ?? null;
  return {
    id: entry.id,
    repoId: entry.repoId,
    kind: oneOf(LEDGER_KINDS, entry.kind, "decision") as LedgerKind,
    text: entry.text,
    status: oneOf(LEDGER_STATUSES, entry.status, "open") as LedgerStatus,
    scope: oneOf(LEDGER_SCOPES, entry.scope, "repo") as LedgerScope,
    worktreePath: entry.worktreePath,
    planId: entry.planId,
    nodeSlug: entry.nodeSlug,
    origin: entry.origin,
    via: entry.via,
    sessionId: entry.sessionId,
    messageId: entry.messageId,
    runId: entry.runId,
    hookEventId: entry.hookEventId,
    claudeSessionId: entry.claudeSessionId,
    topicId: entry.topicId,
    supersededById: entry.supersededById,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
    lastEvent: last ? toLedgerEventView(last) : null,
  };
}

function oneOf(values: readonly string[], value: string, fallback: string): string {
  return values.includes(value) ? value : fallback;
}

function parseIds(text: string): number[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
  } catch {
    return [];
  }
}
