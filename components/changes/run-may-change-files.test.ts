import { describe, expect, it } from "vitest";
import { runMayChangeFiles } from "./run-may-change-files.ts";

describe("runMayChangeFiles", () => {
  it("is false for an answer without tools, or with only reads, searches and questions", () => {
    expect(runMayChangeFiles([])).toBe(false);
    expect(runMayChangeFiles([{ name: "Read" }, { name: "Grep" }, { name: "AskUserQuestion" }])).toBe(false);
  });

  it("is true once any tool could write: Bash, an edit, a subagent or an MCP tool", () => {
    for (const name of ["Bash", "Write", "Edit", "MultiEdit", "NotebookEdit", "Task", "mcp__db__query"]) {
      expect(runMayChangeFiles([{ name: "Read" }, { name }])).toBe(true);
    }
  });
});
