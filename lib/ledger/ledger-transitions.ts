import { AppError } from "@/lib/errors/app-error.ts";
import { MAX_LEDGER_TEXT, type LedgerActor, type LedgerKind, type LedgerStatus } from "./ledger-types.ts";

/** What can happen to an entry after it exists. */
export type LedgerAction =
  | { type: "edit"; text: string }
  | { type: "close"; status: "done" | "dropped" }
  | { type: "reopen" }
  | { type: "supersede"; text: string };

export interface LedgerChange {
  action: "edited" | "closed" | "reopened" | "superseded";
  fromStatus: LedgerStatus;
  toStatus: LedgerStatus;
  /** The new text (edit) or the replacement's text (supersede). */
  text: string | null;
}

/**
 * The one place that decides whether a change is allowed, pure. The user may edit, close, reopen
 * and supersede; a model may only mark an open task done, and only with evidence (message ids the
 * user sees and can undo). Summaries, the recorder and Arbor itself never close or remove anything.
 * Throws AppError (invalid_input, conflict, forbidden) with what to do instead.
 */
export function planLedgerChange(input: {
  entry: { kind: LedgerKind; status: LedgerStatus; text: string };
  action: LedgerAction;
  actor: LedgerActor;
  evidence?: readonly number[];
}): LedgerChange {
  const { entry, action, actor } = input;
  const isUser = actor === "user";
  switch (action.type) {
    case "edit": {
      requireUser(isUser, "edit");
      const text = checkText(action.text);
      if (text === entry.text) throw new AppError("conflict", "The text is unchanged; nothing to save.");
      return { action: "edited", fromStatus: entry.status, toStatus: entry.status, text };
    }
    case "close": {
      if (entry.status !== "open") {
        throw new AppError("conflict", `This ${entry.kind} is already ${entry.status}; reopen it first.`);
      }
      if (action.status === "done" && entry.kind === "decision") {
        throw new AppError("invalid_input", "A decision is not done: supersede it with a new one, or drop it.");
      }
      const isModelClosingTask = actor === "model" && action.status === "done" && (input.evidence?.length ?? 0) > 0;
      if (!isUser && !isModelClosingTask) {
        throw new AppError(
          "forbidden",
          actor === "model"
            ? "A model may only mark a task done, with the messages that show it as evidence."
            : "Only the user closes a ledger entry.",
        );
      }
      return { action: "closed", fromStatus: "open", toStatus: action.status, text: null };
    }
    case "reopen": {
      requireUser(isUser, "reopen");
      if (entry.status === "open") throw new AppError("conflict", `This ${entry.kind} is already open.`);
      return { action: "reopened", fromStatus: entry.status, toStatus: "open", text: null };
    }
    case "supersede": {
      requireUser(isUser, "supersede");
      if (entry.status !== "open") {
        throw new AppError("conflict", `Only an open ${entry.kind} can be superseded; this one is ${entry.status}.`);
      }
      const text = checkText(action.text);
      if (text === entry.text) throw new AppError("invalid_input", "Write what replaces it: the text is the same.");
      return { action: "superseded", fromStatus: "open", toStatus: "superseded", text };
    }
  }
}

/** Trims and checks an entry's text: not empty, at most MAX_LEDGER_TEXT characters. */
export function checkText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") throw new AppError("invalid_input", "Write the decision or task first: the text is empty.");
  if (trimmed.length > MAX_LEDGER_TEXT) {
    throw new AppError(
      "invalid_input",
      `The text has ${trimmed.length} characters; the limit is ${MAX_LEDGER_TEXT}. Shorten it to what was decided or what is to do.`,
    );
  }
  return trimmed;
}

function requireUser(isUser: boolean, verb: string): void {
  if (!isUser) throw new AppError("forbidden", `Only the user can ${verb} a ledger entry.`);
}
