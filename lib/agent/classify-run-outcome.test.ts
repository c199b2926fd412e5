import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyRunOutcome, type RunFacts } from "./classify-run-outcome.ts";
import { parseStreamJsonLine } from "@/lib/agent/stream/parse-stream-json.ts";
import type { ResultEvent } from "@/lib/agent/stream/stream-event.ts";

/** The pinned CLI's captures and the previous pin's: users may run either. */
const VERSIONS = ["2.1.197", "2.1.332"] as const;
const fixtures = (version: string) =>
  new URL(`../../tests/fixtures/claude-code-${version}/stream-json/`, import.meta.url);
const BIN = "/opt/tools/claude";

/** The facts of a captured run: its result line (if any), exit code and stderr from the meta file. */
function factsOf(scenario: string, extra: Partial<RunFacts>, version: string): RunFacts {
  const lines = readFileSync(new URL(`${scenario}.jsonl`, fixtures(version)), "utf8")
    .split("\n")
    .filter(Boolean);
  const meta = JSON.parse(readFileSync(new URL(`${scenario}.meta.json`, fixtures(version)), "utf8")) as {
    exit_code: number | null;
    stderr: string;
  };
  const result = lines.map(parseStreamJsonLine).find((event): event is ResultEvent => event.kind === "result") ?? null;
  return {
    result,
    exitCode: meta.exit_code,
    signal: null,
    spawnError: null,
    bin: BIN,
    wasCancelled: false,
    wasTimedOut: false,
    stderr: meta.stderr,
    sawOutput: lines.length > 0,
    ...extra,
  };
}

const NO_RUN: RunFacts = {
  result: null,
  exitCode: null,
  signal: null,
  spawnError: null,
  bin: BIN,
  wasCancelled: false,
  wasTimedOut: false,
  stderr: "",
  sawOutput: false,
};

describe.each(VERSIONS)("classifyRunOutcome on runs captured from Claude Code %s", (version) => {
  it.each([
    ["s01-text", "success", null, false],
    ["s08-bash-not-allowed", "success", null, false],
    ["e03-http500", "failed", "server_error", true],
    ["e05-http529-max-retries-1", "failed", "overloaded", true],
    ["e07-http401-x-should-retry-false", "failed", "auth_failed", false],
    ["e08-http400-invalid-request", "failed", "invalid_request", false],
    ["e09-connection-refused", "failed", "server_error", true],
    ["e10-no-api-key", "failed", "not_logged_in", false],
    ["k05-resume-unknown-id", "failed", "error_result", false],
    ["x02-sigint-mid-stream", "failed", "error_result", false],
    ["x01-sigterm-mid-stream", "failed", "crashed", true],
  ])("%s → %s / %s", (scenario, status, errorKind, isRetryable) => {
    expect(classifyRunOutcome(factsOf(scenario, {}, version))).toMatchObject({ status, errorKind, isRetryable });
  });

  it("treats exit code 0 with an error result as a failure (x02 exits 0)", () => {
    const facts = factsOf("x02-sigint-mid-stream", {}, version);
    expect(facts.exitCode).toBe(0);
    expect(classifyRunOutcome(facts).status).toBe("failed");
  });

  it("reports a cancelled run as cancelled, not failed", () => {
    expect(classifyRunOutcome(factsOf("x02-sigint-mid-stream", { wasCancelled: true }, version))).toMatchObject({
      status: "cancelled",
      errorKind: "cancelled",
    });
  });

  it("reports a timed-out run as timed_out and names the limit", () => {
    const outcome = classifyRunOutcome(
      factsOf("x01-sigterm-mid-stream", { wasTimedOut: true, timeoutMs: 600_000 }, version),
    );
    expect(outcome).toMatchObject({ status: "timed_out", errorKind: "timed_out", isRetryable: true });
    expect(outcome.userMessage).toContain("10 minutes");
  });

  it("keeps a success that arrived before a late cancel", () => {
    expect(classifyRunOutcome(factsOf("s01-text", { wasCancelled: true }, version)).status).toBe("success");
  });

  it("tells the user how to log in", () => {
    const message = classifyRunOutcome(factsOf("e10-no-api-key", {}, version)).userMessage;
    expect(message).toContain("/login");
    expect(message).toContain("ANTHROPIC_API_KEY");
  });

  it("says to retry later on overload and server errors", () => {
    expect(classifyRunOutcome(factsOf("e05-http529-max-retries-1", {}, version)).userMessage).toMatch(
      /529.*try again in a few minutes/is,
    );
    expect(classifyRunOutcome(factsOf("e03-http500", {}, version)).userMessage).toMatch(/HTTP 500.*try again later/is);
  });
});

describe("classifyRunOutcome without a result", () => {
  it("names the binary, the install command and the Settings page when the binary is missing", () => {
    const outcome = classifyRunOutcome({
      ...NO_RUN,
      spawnError: { code: "ENOENT", message: "spawn /opt/tools/claude ENOENT" },
    });
    expect(outcome).toMatchObject({ status: "failed", errorKind: "claude_not_found", isRetryable: false });
    expect(outcome.userMessage).toContain(`"${BIN}"`);
    expect(outcome.userMessage).toContain("npm install -g @anthropic-ai/claude-code");
    expect(outcome.userMessage).toContain("Settings page");
    expect(classifyRunOutcome({ ...NO_RUN, spawnError: { code: "EACCES", message: "spawn EACCES" } }).errorKind).toBe(
      "claude_not_found",
    );
  });

  it("reports other spawn errors and a missing worktree as spawn_failed", () => {
    expect(classifyRunOutcome({ ...NO_RUN, spawnError: { code: "E2BIG", message: "spawn E2BIG" } }).errorKind).toBe(
      "spawn_failed",
    );
    const missingCwd = classifyRunOutcome({
      ...NO_RUN,
      cwd: "/gone/worktree",
      spawnError: { code: "ENOENT_CWD", message: "the working directory /gone/worktree does not exist" },
    });
    expect(missingCwd.errorKind).toBe("spawn_failed");
    expect(missingCwd.userMessage).toContain("/gone/worktree");
  });

  it("calls a process that exits 0 without a result crashed", () => {
    expect(classifyRunOutcome({ ...NO_RUN, exitCode: 0, sawOutput: true })).toMatchObject({
      status: "failed",
      errorKind: "crashed",
    });
  });

  it("shows the CLI's stderr when it refused to start", () => {
    const outcome = classifyRunOutcome({ ...NO_RUN, exitCode: 1, stderr: "error: unknown option '--no-such-flag'\n" });
    expect(outcome.errorKind).toBe("crashed");
    expect(outcome.userMessage).toContain("error: unknown option '--no-such-flag'");
  });

  it("names the signal of a killed process", () => {
    expect(classifyRunOutcome({ ...NO_RUN, signal: "SIGKILL", sawOutput: true }).userMessage).toContain("SIGKILL");
  });

  it("maps a 429 result to rate_limited", () => {
    const result = parseStreamJsonLine(
      '{"type":"result","subtype":"success","is_error":true,"api_error_status":429,"result":"API Error: 429 rate limited"}',
    );
    if (result.kind !== "result") throw new Error("expected a result");
    expect(classifyRunOutcome({ ...NO_RUN, result, exitCode: 1, sawOutput: true })).toMatchObject({
      errorKind: "rate_limited",
      isRetryable: true,
    });
  });
});
