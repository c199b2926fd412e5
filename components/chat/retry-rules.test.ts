import { describe, expect, it } from "vitest";
import { retryRulesFor } from "./retry-rules.ts";

const denial = (toolName: string, toolInput: unknown, toolUseId = "t") => ({ toolName, toolInput, toolUseId });

describe("retryRulesFor", () => {
  it("allows a refused command exactly, other tools by name, each once", () => {
    expect(
      retryRulesFor([
        denial("Bash", { command: "node -e 'console.log(42)'" }),
        denial("Bash", { command: "node -e 'console.log(42)'" }, "t2"),
        denial("Edit", { file_path: "/x" }),
        denial("Edit", { file_path: "/y" }),
      ]),
    ).toEqual([
      { toolName: "Bash", ruleContent: "node -e 'console.log(42)'" },
      { toolName: "Edit", ruleContent: null },
    ]);
  });

  it("falls back to the whole tool for a command that cannot be a rule, and drops unsafe tool names", () => {
    expect(
      retryRulesFor([denial("Bash", { command: "echo a\necho b" }), denial("--dangerously-skip-permissions", {})]),
    ).toEqual([{ toolName: "Bash", ruleContent: null }]);
  });
});
