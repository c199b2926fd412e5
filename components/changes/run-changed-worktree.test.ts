import { describe, expect, it } from "vitest";
import { runChangedWorktree } from "./run-changed-worktree.ts";

const tools = (...names: string[]) => names.map((name) => ({ name }));

describe("runChangedWorktree", () => {
  it("follows the run's checkpoints when it has both, whatever tools it used", () => {
    expect(runChangedWorktree({ changedWorktree: false, tools: tools("Bash", "Write") })).toBe(false);
    expect(runChangedWorktree({ changedWorktree: true, tools: [] })).toBe(true);
  });

  it("without checkpoints, is false for no tools or only reads, searches and questions", () => {
    expect(runChangedWorktree({ changedWorktree: null, tools: [] })).toBe(false);
    expect(runChangedWorktree({ changedWorktree: null, tools: tools("Read", "Grep", "AskUserQuestion") })).toBe(false);
  });

  it("without checkpoints, is true once any tool could write: Bash, an edit, a subagent or an MCP tool", () => {
    for (const name of ["Bash", "Write", "Edit", "MultiEdit", "NotebookEdit", "Task", "mcp__db__query"]) {
      expect(runChangedWorktree({ changedWorktree: null, tools: tools("Read", name) })).toBe(true);
    }
  });
});
