import { AppError } from "@/lib/errors/app-error.ts";
import { MAX_LEDGER_TEXT, type LedgerActor, type LedgerKind, type LedgerStatus } from "./ledger-types.ts";

/** What can happen to an entry after it exists. */
export type LedgerAction =
  | { type: "edit"; text: string }
  | { type: "close"; status: "done" | "dropped" }
  | { type: "reopen" }
  | { type: "supersede"; text: string }
  | { type: "confirm" }
  | { type: "dismiss" }
  | { type: "undo" };

export type LedgerChangeAction = "edited" | "closed" | "reopened" | "superseded" | "confirmed" | "dismissed" | "undone";

export interface LedgerChange {
  action: LedgerChangeAction;
  fromStatus: LedgerStatus;
  toStatus: LedgerStatus;
  /** The new text (edit, an undone edit) or the replacement's text (supersede). */
  text: string | null;
  /** An undone supersede: the replacement entry to drop with it. */
  undoesReplacementId?: number;
}

/** The change an undo takes back: the entry's last event. */
export interface LastLedgerEvent {
  action: string;
  actor: string;
  fromStatus: string | null;
  toStatus: string;
  previousText: string | null;
}

/**
 * The one place that decides whether a change is allowed, pure. The user may edit, close, reopen,
 * supersede, confirm or dismiss a proposal, and undo the last change (their own, or a model's closing of a
 * task); a model may only mark an open task done, and only with evidence (message ids the user sees and can
 * undo). Summaries, the recorder and Arbor itself never close, confirm or remove anything: what they capture
 * starts as a proposal. Throws AppError (invalid_input, conflict, forbidden) with what to do instead.
 */
export function planLedgerChange(input: {
  entry: { kind: LedgerKind; status: LedgerStatus; text: string; supersededById?: number | null };
  action: LedgerAction;
  actor: LedgerActor;
  evidence?: readonly number[];
  lastEvent?: LastLedgerEvent | null;
}): LedgerChange {
  const { entry, action, actor } = input;
  const isUser = actor === "user";
  switch (action.type) {
    case "edit": {
      requireUser(isUser, "edit");
      if (entry.status !== "open" && entry.status !== "proposed") {
        throw new AppError("conflict", `This ${entry.kind} is ${entry.status}; reopen it before editing it.`);
      }
      const text = checkText(action.text);
      if (text === entry.text) throw new AppError("conflict", "The text is unchanged; nothing to save.");
      return { action: "edited", fromStatus: entry.status, toStatus: entry.status, text };
    }
    case "close": {
      if (entry.status === "proposed") {
        throw new AppError("conflict", `This ${entry.kind} is only proposed: confirm it first, or dismiss it.`);
      }
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
      if (entry.status === "proposed" || entry.status === "dismissed") {
        throw new AppError(
          "conflict",
          `This ${entry.kind} is ${entry.status}: ${entry.status === "proposed" ? "confirm it" : "undo the dismissal"} instead.`,
        );
      }
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
    case "confirm":
    case "dismiss": {
      requireUser(isUser, action.type);
      if (entry.status !== "proposed") {
        throw new AppError(
          "conflict",
          `Only a proposed ${entry.kind} can be ${action.type}ed; this one is ${entry.status}.`,
        );
      }
      return action.type === "confirm"
        ? { action: "confirmed", fromStatus: "proposed", toStatus: "open", text: null }
        : { action: "dismissed", fromStatus: "proposed", toStatus: "dismissed", text: null };
    }
    case "undo":
      requireUser(isUser, "undo a change of");
      return planUndo({ entry, lastEvent: input.lastEvent ?? null });
  }
}

const UNDOABLE = new Set(["edited", "closed", "superseded", "confirmed", "dismissed"]);

/**
 * Undo takes back the entry's last change, made by the user or (closing a task) by a model: the entry goes
 * back to the status it had, an edit's text comes back, and a supersede drops the replacement it made.
 */
function planUndo(input: {
  entry: { kind: LedgerKind; status: LedgerStatus; text: string; supersededById?: number | null };
  lastEvent: LastLedgerEvent | null;
}): LedgerChange {
  const { entry, lastEvent } = input;
  if (!lastEvent || !UNDOABLE.has(lastEvent.action) || lastEvent.toStatus !== entry.status || !lastEvent.fromStatus) {
    throw new AppError(
      "conflict",
      `This ${entry.kind}'s last change cannot be undone (it was ${lastEvent?.action ?? "its creation"}).`,
    );
  }
  if (lastEvent.actor !== "user" && !(lastEvent.actor === "model" && lastEvent.action === "closed")) {
    throw new AppError("forbidden", "Only your own changes, or a model marking a task done, can be undone here.");
  }
  const fromStatus = entry.status;
  const toStatus = lastEvent.fromStatus as LedgerStatus;
  if (lastEvent.action === "edited") {
    return { action: "undone", fromStatus, toStatus, text: lastEvent.previousText ?? entry.text };
  }
  if (lastEvent.action === "superseded" && entry.supersededById != null) {
    return { action: "undone", fromStatus, toStatus, text: null, undoesReplacementId: entry.supersededById };
  }
  return { action: "undone", fromStatus, toStatus, text: null };
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
