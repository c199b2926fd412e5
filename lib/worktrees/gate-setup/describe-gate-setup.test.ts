import { describe, expect, it } from "vitest";
import { describeGateSetup, SETUP_OUTPUT_SHOWN_CHARS, type GateSetupOutcome } from "./describe-gate-setup.ts";

const nothing: GateSetupOutcome = {
  source: null,
  changedManifests: [],
  linked: [],
  linkProblems: [],
  copies: [],
  installed: null,
};
const branch = { path: "/w/feat", role: "branch" as const };

describe("describeGateSetup", () => {
  it("says nothing when there was nothing to link and every setup file was copied", () => {
    expect(describeGateSetup({ ...nothing, copies: [{ path: ".env", status: "copied", reason: null }] })).toBe("");
  });

  it("names the worktree the links came from, and warns when the merge changes a lockfile", () => {
    const linked = { ...nothing, source: branch, linked: ["node_modules", "packages/a/node_modules"] };
    expect(describeGateSetup(linked)).toBe(
      "Arbor: dependencies linked from the branch's worktree (/w/feat): node_modules, packages/a/node_modules.\n\n",
    );
    const stale = describeGateSetup({ ...linked, changedManifests: ["package-lock.json"] });
    expect(stale).toContain(
      "the merge changes package-lock.json relative to that worktree, so these dependencies may be stale",
    );
    expect(stale).toContain("A setup command");
  });

  it("says the setup command ran instead of the links, how it went, and the end of its output", () => {
    const output = `${"x".repeat(SETUP_OUTPUT_SHOWN_CHARS)}last line\n`;
    const text = describeGateSetup({
      ...nothing,
      source: { path: "/w/main", role: "base" },
      changedManifests: ["yarn.lock"],
      installed: {
        command: "yarn install",
        status: "failed",
        message: "The setup command failed (exit status 1).",
        output,
      },
    });
    expect(text).toContain(
      "Arbor: the merge changes yarn.lock relative to the base's worktree (/w/main), so its dependencies were not linked: the setup command (yarn install) ran here instead. The setup command failed (exit status 1).",
    );
    expect(text).toContain("last line\n\n");
    expect(text).not.toContain(`x${"x".repeat(SETUP_OUTPUT_SHOWN_CHARS)}`);
  });

  it("lists what could not be linked or copied, with the reason", () => {
    const text = describeGateSetup({
      ...nothing,
      linkProblems: ["node_modules was not linked: EACCES"],
      copies: [{ path: ".env", status: "skipped", reason: "it is not in the main worktree" }],
    });
    expect(text).toBe(
      "Arbor: node_modules was not linked: EACCES.\nArbor: the setup file .env was not copied: it is not in the main worktree.\n\n",
    );
  });
});
