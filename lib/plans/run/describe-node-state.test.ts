import { describe, expect, it } from "vitest";
import { describeNodeState, needsUser, waitsForUser } from "./describe-node-state.ts";
import { NODE_STATE_NAMES, type NodeState } from "./plan-run.ts";
import { nodeIn, ONE_NODE_PER_STATE } from "./plan-run-fixtures.ts";

const words = (state: NodeState, checkFailures = 0) => describeNodeState(nodeIn("api", state, { checkFailures }));

describe("describeNodeState", () => {
  it("writes out the invisible characters of what git, a repository or an agent put in it", () => {
    const failed = words({ name: "failed", message: "feat/\u202eevil\u202c-name already exists", phase: "waiting" });
    expect(failed).toBe("failed: feat/[U+202E]evil[U+202C]-name already exists");
    const conflict = words({ name: "stopped", cause: { kind: "conflict", files: ["a\u200b.ts"] }, phase: "landing" });
    expect(conflict).toBe("stopped: merge conflict in a[U+200B].ts");
  });

  it("reads each state at a glance", () => {
    expect(words({ name: "queued", reason: "7 of 8 agent slots busy" })).toBe("7 of 8 agent slots busy");
    expect(words({ name: "waiting", reason: "waiting for api-schema to land" })).toBe("waiting for api-schema to land");
    expect(words({ name: "running" })).toBe("running");
    expect(words({ name: "running" }, 1)).toBe("running: fixing its failed checks");
    expect(words(ONE_NODE_PER_STATE.waiting_for_user)).toBe("waiting for you: allow Bash?");
    const question: NodeState = {
      name: "waiting_for_user",
      waitingFor: { kind: "question", question: "Which port?" },
      isRunLive: false,
    };
    expect(words(question)).toBe("waiting for you: Which port?");
    expect(words({ name: "checks_failed", attempt: 1, maxAttempts: 2, isWaitingForUser: false })).toBe(
      "checks failed (trying again 1 of 2)",
    );
    expect(words({ name: "checks_failed", attempt: 2, maxAttempts: 2, isWaitingForUser: true })).toBe(
      "checks failed after 2 automatic fixes; waiting for you",
    );
    expect(words({ name: "checks_failed", attempt: 0, maxAttempts: 0, isWaitingForUser: true })).toBe(
      "checks failed; waiting for you",
    );
    expect(words({ name: "ready" })).toBe("ready to land");
    expect(words({ name: "failed", message: "the CLI exited with code 1", phase: "running" })).toBe(
      "failed: the CLI exited with code 1",
    );
    expect(words({ name: "interrupted", phase: "running" })).toBe("interrupted by a restart; retry it");
  });

  it("names up to three conflicting files and counts the rest", () => {
    const conflict = (files: string[]): NodeState => ({
      name: "stopped",
      cause: { kind: "conflict", files },
      phase: "landing",
    });
    expect(words(conflict(["a.ts", "b.ts"]))).toBe("stopped: merge conflict in a.ts and b.ts");
    expect(words(conflict(["a", "b", "c", "d", "e"]))).toBe("stopped: merge conflict in a, b, c and 2 more");
    expect(words({ name: "stopped", cause: { kind: "user" }, phase: "running" })).toBe("stopped");
  });

  it("gives every state some words", () => {
    for (const name of NODE_STATE_NAMES) expect(words(ONE_NODE_PER_STATE[name]).length).toBeGreaterThan(0);
  });
});

describe("needsUser", () => {
  it("lists the states that wait on the user, and only those", () => {
    const needing = NODE_STATE_NAMES.filter((name) => needsUser(nodeIn("api", ONE_NODE_PER_STATE[name])));
    expect(needing).toEqual(["waiting_for_user", "failed", "stopped", "interrupted"]);
    const checksWaiting: NodeState = { name: "checks_failed", attempt: 2, maxAttempts: 2, isWaitingForUser: true };
    expect(needsUser(nodeIn("api", checksWaiting))).toBe(true);
  });
});

describe("waitsForUser", () => {
  it("adds a ready node that lands only on a click", () => {
    const ready = nodeIn("api", ONE_NODE_PER_STATE.ready);
    expect(waitsForUser(ready, { autoLand: false })).toBe(true);
    expect(waitsForUser(ready, { autoLand: true })).toBe(false);
    expect(waitsForUser(nodeIn("api", ONE_NODE_PER_STATE.failed), { autoLand: true })).toBe(true);
    expect(waitsForUser(nodeIn("api", ONE_NODE_PER_STATE.running), { autoLand: false })).toBe(false);
  });
});
