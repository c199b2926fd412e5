import { describe, expect, it } from "vitest";
import { parseComposerIntent } from "./ledger-command.ts";

describe("parseComposerIntent", () => {
  it("turns /decide and /todo into ledger entries, keeping the text's own lines", () => {
    expect(parseComposerIntent("/decide use SQLite with WAL")).toEqual({
      type: "record",
      kind: "decision",
      text: "use SQLite with WAL",
    });
    expect(parseComposerIntent("  /todo write the guide\n- with examples  ")).toEqual({
      type: "record",
      kind: "task",
      text: "write the guide\n- with examples",
    });
  });

  it("sends everything else as typed, including look-alikes and commands on a later line", () => {
    for (const draft of ["/decided to wait", "please /decide this", "hello\n/todo later", "/help me", "/ todo x"]) {
      expect(parseComposerIntent(draft)).toEqual({ type: "send", text: draft });
    }
  });

  it("says what is missing when the command has no text", () => {
    expect(parseComposerIntent("/todo   ")).toEqual({
      type: "invalid",
      message: "Write the task after /todo, e.g. /todo write the migration guide.",
    });
    expect(parseComposerIntent("/decide").type).toBe("invalid");
  });
});
