import { describe, expect, it } from "vitest";
import { markUserDenials } from "./user-denials.ts";

const bash = (command: string, toolUseId = "") => ({ toolName: "Bash", toolUseId, toolInput: { command } });

describe("markUserDenials", () => {
  it("marks a refusal the user gave on its card, with their reason, by tool use id", () => {
    const marked = markUserDenials(
      [bash("rm -rf build", "toolu_1"), bash("curl example.com", "toolu_2")],
      [
        {
          toolUseId: "toolu_1",
          toolName: "Bash",
          input: JSON.stringify({ command: "something else" }),
          answer: JSON.stringify({ decision: { action: "deny", message: "  keep the build  " } }),
        },
      ],
    );
    expect(marked[0]).toEqual({ ...bash("rm -rf build", "toolu_1"), byUser: { message: "keep the build" } });
    expect(marked[1]).toEqual(bash("curl example.com", "toolu_2"));
  });

  it("falls back to the tool and its exact input, and uses each card once", () => {
    const card = {
      toolUseId: null,
      toolName: "Bash",
      input: JSON.stringify({ command: "ls" }),
      answer: JSON.stringify({ decision: { action: "deny" } }),
    };
    const marked = markUserDenials([bash("ls"), bash("ls")], [card]);
    expect(marked[0]!.byUser).toEqual({ message: null });
    expect(marked[1]!.byUser).toBeUndefined();
  });

  it("leaves refusals nobody answered (the CLI's own rules, a policy) unmarked, and survives a garbled row", () => {
    const marked = markUserDenials(
      [bash("ls")],
      [{ toolUseId: null, toolName: "Bash", input: "{not json", answer: "{not json" }],
    );
    expect(marked).toEqual([bash("ls")]);
  });
});
