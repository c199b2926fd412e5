import type { Db } from "@/lib/db/client.ts";
import type { PromptLedger } from "@/lib/prompt/types.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";
import { captureFromMessage } from "./capture-from-message.ts";
import type { LedgerEntryView } from "./ledger-types.ts";
import { loadPromptLedger } from "./load-prompt-ledger.ts";
import { recordDecisionTags } from "./record-decision-tags.ts";

/** What a conversation asks of the ledger, on the runtime context as `ledger`: lib/chat reaches the ledger only through it. */
export interface LedgerPort {
  /** The decisions in force and open tasks a prompt carries, the newest `maxEntries` whole. */
  forPrompt(input: Parameters<typeof loadPromptLedger>[1]): Promise<PromptLedger>;
  /** What a message states as a decision or a task becomes a proposal of the worktree's ledger. */
  captureFromMessage(input: Parameters<typeof captureFromMessage>[1]): Promise<LedgerEntryView[]>;
  /** The `[decision]` tags of Claude's answer become proposals, with the answer and the run as provenance. */
  recordDecisionTags(input: Parameters<typeof recordDecisionTags>[1]): Promise<LedgerEntryView[]>;
}

export function createLedgerPort(ctx: { db: Db; hub: EventHub }): LedgerPort {
  return {
    forPrompt: (input) => loadPromptLedger(ctx.db, input),
    captureFromMessage: (input) => captureFromMessage(ctx, input),
    recordDecisionTags: (input) => recordDecisionTags(ctx, input),
  };
}
