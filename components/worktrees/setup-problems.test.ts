import { describe, expect, it } from "vitest";
import { setupProblems } from "./setup-problems.ts";

describe("setupProblems", () => {
  it("is empty when every copy was made or skipped and the command succeeded", () => {
    expect(
      setupProblems({
        copies: [
          { path: ".env", status: "copied", reason: null },
          { path: ".env.local", status: "skipped", reason: "the main worktree has no such file" },
        ],
        command: { command: "npm ci", status: "succeeded", message: null, output: "" },
      }),
    ).toEqual([]);
  });

  it("names refused copies and the command's own failure", () => {
    expect(
      setupProblems({
        copies: [{ path: "../x", status: "refused", reason: "it is outside the repository" }],
        command: { command: "make", status: "failed", message: "make exited with code 2.", output: "" },
      }),
    ).toEqual(["../x was not copied: it is outside the repository", "make exited with code 2."]);
  });

  it("says a command that did not run did not, when it gave no reason", () => {
    expect(
      setupProblems({ copies: [], command: { command: "make", status: "not_run", message: null, output: "" } }),
    ).toEqual(["The setup command did not run."]);
  });
});
