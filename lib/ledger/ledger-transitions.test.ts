import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { checkText, planLedgerChange, type LedgerAction } from "./ledger-transitions.ts";
import {
  LEDGER_STATUSES,
  MAX_LEDGER_TEXT,
  type LedgerActor,
  type LedgerKind,
  type LedgerStatus,
} from "./ledger-types.ts";

/** A small deterministic PRNG (mulberry32) so failures can be replayed from the seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

const task = (status: LedgerStatus = "open") => ({ kind: "task" as const, status, text: "write the guide" });
const decision = (status: LedgerStatus = "open") => ({ kind: "decision" as const, status, text: "use SQLite" });

describe("planLedgerChange", () => {
  it("lets the user close, reopen, edit and supersede, recording from and to statuses", () => {
    expect(planLedgerChange({ entry: task(), action: { type: "close", status: "done" }, actor: "user" })).toEqual({
      action: "closed",
      fromStatus: "open",
      toStatus: "done",
      text: null,
    });
    expect(planLedgerChange({ entry: task("done"), action: { type: "reopen" }, actor: "user" })).toEqual({
      action: "reopened",
      fromStatus: "done",
      toStatus: "open",
      text: null,
    });
    expect(
      planLedgerChange({ entry: decision(), action: { type: "edit", text: "  use SQLite with WAL " }, actor: "user" }),
    ).toEqual({ action: "edited", fromStatus: "open", toStatus: "open", text: "use SQLite with WAL" });
    expect(
      planLedgerChange({ entry: decision(), action: { type: "supersede", text: "use PostgreSQL" }, actor: "user" }),
    ).toEqual({ action: "superseded", fromStatus: "open", toStatus: "superseded", text: "use PostgreSQL" });
  });

  it("lets a model mark an open task done only with evidence, and never touch a decision", () => {
    const close = { type: "close", status: "done" } as const;
    expect(planLedgerChange({ entry: task(), action: close, actor: "model", evidence: [12] }).toStatus).toBe("done");
    expect(codeOf(() => planLedgerChange({ entry: task(), action: close, actor: "model" }))).toBe("forbidden");
    expect(codeOf(() => planLedgerChange({ entry: task(), action: close, actor: "model", evidence: [] }))).toBe(
      "forbidden",
    );
    expect(
      codeOf(() =>
        planLedgerChange({
          entry: task(),
          action: { type: "close", status: "dropped" },
          actor: "model",
          evidence: [3],
        }),
      ),
    ).toBe("forbidden");
    expect(
      codeOf(() =>
        planLedgerChange({
          entry: decision(),
          action: { type: "close", status: "dropped" },
          actor: "model",
          evidence: [3],
        }),
      ),
    ).toBe("forbidden");
  });

  it("refuses what makes no sense, saying what to do instead", () => {
    expect(
      codeOf(() => planLedgerChange({ entry: decision(), action: { type: "close", status: "done" }, actor: "user" })),
    ).toBe("invalid_input");
    expect(
      codeOf(() => planLedgerChange({ entry: task("done"), action: { type: "close", status: "done" }, actor: "user" })),
    ).toBe("conflict");
    expect(codeOf(() => planLedgerChange({ entry: task(), action: { type: "reopen" }, actor: "user" }))).toBe(
      "conflict",
    );
    expect(
      codeOf(() =>
        planLedgerChange({ entry: decision("dropped"), action: { type: "supersede", text: "x" }, actor: "user" }),
      ),
    ).toBe("conflict");
    expect(
      codeOf(() =>
        planLedgerChange({ entry: decision(), action: { type: "supersede", text: "use SQLite" }, actor: "user" }),
      ),
    ).toBe("invalid_input");
    expect(
      codeOf(() =>
        planLedgerChange({ entry: decision(), action: { type: "edit", text: "use SQLite" }, actor: "user" }),
      ),
    ).toBe("conflict");
  });

  it("checks entry text: trimmed, not empty, not over the limit (refused, never cut)", () => {
    expect(checkText("  a decision \n")).toBe("a decision");
    expect(codeOf(() => checkText(" \n\t"))).toBe("invalid_input");
    expect(checkText("x".repeat(MAX_LEDGER_TEXT))).toHaveLength(MAX_LEDGER_TEXT);
    expect(codeOf(() => checkText("x".repeat(MAX_LEDGER_TEXT + 1)))).toBe("invalid_input");
  });

  it("lets only the user confirm or dismiss a proposal, and undo either", () => {
    const proposal = { kind: "decision" as const, status: "proposed" as LedgerStatus, text: "drop Node 18" };
    expect(planLedgerChange({ entry: proposal, action: { type: "confirm" }, actor: "user" })).toMatchObject({
      action: "confirmed",
      toStatus: "open",
    });
    expect(planLedgerChange({ entry: proposal, action: { type: "dismiss" }, actor: "user" }).toStatus).toBe(
      "dismissed",
    );
    for (const actor of ["model", "recorder", "arbor"] as const) {
      expect(codeOf(() => planLedgerChange({ entry: proposal, action: { type: "confirm" }, actor }))).toBe("forbidden");
    }
    // A proposal is not closed or superseded as if it were in force.
    expect(
      codeOf(() => planLedgerChange({ entry: proposal, action: { type: "close", status: "dropped" }, actor: "user" })),
    ).toBe("conflict");
    const confirmed = { ...proposal, status: "open" as LedgerStatus };
    const confirmedEvent = {
      action: "confirmed",
      actor: "user",
      fromStatus: "proposed",
      toStatus: "open",
      previousText: null,
    };
    expect(
      planLedgerChange({ entry: confirmed, action: { type: "undo" }, actor: "user", lastEvent: confirmedEvent }),
    ).toMatchObject({ action: "undone", fromStatus: "open", toStatus: "proposed" });
    const superseded = { ...confirmed, status: "superseded" as LedgerStatus, supersededById: 12 };
    const supersededEvent = {
      action: "superseded",
      actor: "user",
      fromStatus: "open",
      toStatus: "superseded",
      previousText: null,
    };
    expect(
      planLedgerChange({ entry: superseded, action: { type: "undo" }, actor: "user", lastEvent: supersededEvent }),
    ).toMatchObject({ toStatus: "open", undoesReplacementId: 12 });
    const edited = { ...confirmed, text: "drop Node 18 and 20" };
    const editedEvent = {
      action: "edited",
      actor: "user",
      fromStatus: "open",
      toStatus: "open",
      previousText: "drop Node 18",
    };
    expect(
      planLedgerChange({ entry: edited, action: { type: "undo" }, actor: "user", lastEvent: editedEvent }).text,
    ).toBe("drop Node 18");
    // Undo takes back only the last change, and never a model's creation of an entry.
    const created = { action: "created", actor: "model", fromStatus: null, toStatus: "proposed", previousText: null };
    expect(
      codeOf(() => planLedgerChange({ entry: proposal, action: { type: "undo" }, actor: "user", lastEvent: created })),
    ).toBe("conflict");
  });

  it("property: whatever a summarizer, the recorder or Arbor attempts, no entry is confirmed, closed, edited or removed, except a model marking a task done with evidence", () => {
    const actors: LedgerActor[] = ["user", "model", "recorder", "arbor"];
    const kinds: LedgerKind[] = ["decision", "task"];
    let allowedByOthers = 0;
    for (let seed = 1; seed <= 200; seed += 1) {
      const next = random(seed);
      const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
      const kind = pick(kinds);
      let entry = { kind, status: pick(["open", "proposed"] as LedgerStatus[]), text: `entry of seed ${seed}` };
      let lastEvent: {
        action: string;
        actor: string;
        fromStatus: string | null;
        toStatus: string;
        previousText: string | null;
      } | null = null;
      const history: Array<{ from: LedgerStatus; to: LedgerStatus; actor: LedgerActor }> = [];
      for (let step = 0; step < 40; step += 1) {
        const actor = pick(actors);
        const actions: LedgerAction[] = [
          { type: "close", status: pick(["done", "dropped"] as const) },
          { type: "reopen" },
          { type: "edit", text: `edit ${step}` },
          { type: "supersede", text: `replacement ${step}` },
          { type: "confirm" },
          { type: "dismiss" },
          { type: "undo" },
        ];
        const action = pick(actions);
        const evidence = next() < 0.5 ? [] : [1 + Math.floor(next() * 100)];
        let change;
        try {
          change = planLedgerChange({ entry, action, actor, evidence, lastEvent });
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          continue;
        }
        // The plan always starts from the entry's actual status, and lands on a known status.
        expect(change.fromStatus).toBe(entry.status);
        expect(LEDGER_STATUSES).toContain(change.toStatus);
        if (actor !== "user") {
          allowedByOthers += 1;
          expect({
            kind: entry.kind,
            action: change.action,
            to: change.toStatus,
            hasEvidence: evidence.length > 0,
          }).toEqual({
            kind: "task",
            action: "closed",
            to: "done",
            hasEvidence: true,
          });
        }
        if (entry.kind === "decision") expect(change.toStatus).not.toBe("done");
        history.push({ from: entry.status, to: change.toStatus, actor });
        lastEvent = {
          action: change.action,
          actor,
          fromStatus: entry.status,
          toStatus: change.toStatus,
          previousText: change.text !== null && change.action !== "superseded" ? entry.text : null,
        };
        entry = {
          ...entry,
          status: change.toStatus,
          text: change.text !== null && change.action !== "superseded" ? change.text : entry.text,
        };
      }
      // The history is a chain: each change starts where the previous one ended.
      for (let index = 1; index < history.length; index += 1) {
        expect(history[index]!.from).toBe(history[index - 1]!.to);
      }
    }
    // The generator did reach the one allowed model change, so the check above was exercised.
    expect(allowedByOthers).toBeGreaterThan(0);
  });
});
