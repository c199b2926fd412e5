// A stand-in GitHub CLI for the pull request tests (GitHub cannot be reached from a test): a `gh`
// script to put first on the server's PATH whose `auth status` (logged in unless told), `pr view`,
// `run view` (recording its arguments) and failing `pr create` answer with what a test writes.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface FakeGhAnswers {
  /** What `pr view` prints, and its exit code. */
  view?: string;
  viewCode?: number;
  /** What `pr create` writes to stderr as it fails. */
  createError?: string;
  /** What `run view` prints (a job's log), and its exit code. */
  runLog?: string;
  runCode?: number;
  /** `auth status` fails with this on stderr (logged in when absent). */
  authError?: string;
}

export interface FakeGh {
  /** The folder to put first on PATH. */
  binDir: string;
  answer(input: FakeGhAnswers): void;
  /** The arguments of the last `run view` since the last answer(), or null when none ran. */
  runViewArgs(): string[] | null;
  remove(): void;
}

export function createFakeGh(): FakeGh {
  const dir = mkdtempSync(path.join(os.tmpdir(), "arbor-fake-gh-"));
  const binDir = path.join(dir, "bin");
  mkdirSync(binDir);
  // Its folder is written into the script: gh gets only its allow-listed environment from Arbor.
  writeFileSync(
    path.join(binDir, "gh"),
    [
      "#!/bin/sh",
      `FAKE_GH_DIR='${dir}'`,
      'case "$1 $2" in',
      '  "auth status") cat "$FAKE_GH_DIR/auth.err" >&2; exit "$(cat "$FAKE_GH_DIR/auth.code")" ;;',
      '  "pr view") cat "$FAKE_GH_DIR/view.out"; exit "$(cat "$FAKE_GH_DIR/view.code")" ;;',
      '  "run view") printf "%s\\n" "$@" > "$FAKE_GH_DIR/run.args"; cat "$FAKE_GH_DIR/run.out"; exit "$(cat "$FAKE_GH_DIR/run.code")" ;;',
      '  "pr create") cat "$FAKE_GH_DIR/create.err" >&2; exit 1 ;;',
      "esac",
      "exit 2",
      "",
    ].join("\n"),
  );
  chmodSync(path.join(binDir, "gh"), 0o755);
  const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
  const fake: FakeGh = {
    binDir,
    answer(input) {
      write("view.out", input.view ?? "");
      write("view.code", String(input.viewCode ?? 0));
      write("create.err", input.createError ?? "");
      write("run.out", input.runLog ?? "");
      write("run.code", String(input.runCode ?? 0));
      write("auth.err", input.authError ?? "");
      write("auth.code", input.authError ? "1" : "0");
      rmSync(path.join(dir, "run.args"), { force: true });
    },
    runViewArgs() {
      const file = path.join(dir, "run.args");
      return existsSync(file) ? readFileSync(file, "utf8").trimEnd().split("\n") : null;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  fake.answer({});
  return fake;
}

/**
 * `gh pr view --json …,statusCheckRollup,reviewDecision` for pull request #9 of `branch`: a failed
 * and a passed Actions job (GitHub's CheckRun shape) and a pending commit status (StatusContext).
 */
export function prViewWithChecks(branch: string, overrides: Record<string, unknown> = {}): string {
  const job = (name: string, conclusion: string, id: number) => ({
    __typename: "CheckRun",
    name,
    workflowName: "CI",
    status: "COMPLETED",
    conclusion,
    detailsUrl: `https://github.com/o/r/actions/runs/111/job/${id}`,
  });
  return JSON.stringify({
    number: 9,
    url: "https://github.com/o/r/pull/9",
    state: "OPEN",
    isDraft: false,
    title: "T",
    baseRefName: "main",
    headRefName: branch,
    reviewDecision: "CHANGES_REQUESTED",
    statusCheckRollup: [
      job("lint", "SUCCESS", 221),
      job("test", "FAILURE", 222),
      { __typename: "StatusContext", context: "deploy/preview", state: "PENDING", targetUrl: "https://ci.example/9" },
    ],
    ...overrides,
  });
}

/** A failed job's log as `gh run view --log-failed` prints it: vitest's own output (a recorded run), each line after job, step and time. */
export function ghVitestLog(repoRoot: string): string {
  return readFileSync(path.join(repoRoot, "lib/checks/failures/fixtures/vitest.txt"), "utf8")
    .split("\n")
    .map((line) => `test\tRun npx vitest run\t2026-11-20T10:01:02.1234567Z ${line}`)
    .join("\n");
}
