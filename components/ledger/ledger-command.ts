import type { LedgerKind } from "@/lib/ledger/ledger-types.ts";

/** What the composer does with its text: send it, record a ledger entry, or say what is missing. */
export type ComposerIntent =
  | { type: "send"; text: string }
  | { type: "record"; kind: LedgerKind; text: string }
  | { type: "invalid"; message: string };

const COMMANDS: Record<string, LedgerKind> = { "/decide": "decision", "/todo": "task" };

/**
 * `/decide <text>` records a decision and `/todo <text>` a task in the worktree's ledger instead of
 * sending; anything else (including `/decided…` or a command on a later line) is a message. Pure.
 */
export function parseComposerIntent(draft: string): ComposerIntent {
  const match = /^\s*(\/[a-z]+)(?=\s|$)([\s\S]*)$/.exec(draft);
  const kind = match ? COMMANDS[match[1]!] : undefined;
  if (!match || !kind) return { type: "send", text: draft };
  const text = match[2]!.trim();
  if (text === "") {
    return {
      type: "invalid",
      message: `Write the ${kind} after ${match[1]}, e.g. ${match[1]} ${kind === "decision" ? "use SQLite with WAL" : "write the migration guide"}.`,
    };
  }
  return { type: "record", kind, text };
}
