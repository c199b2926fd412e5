import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildChildEnv, type EnvMap } from "@/lib/process-host/child-env.ts";
import { expect } from "vitest";

// Plain async functions, independent of vitest, so browser e2e tests can reuse them.

const execFileAsync = promisify(execFile);

/** The real Claude Code CLI installed as a dev dependency (resolved from the repo root, not the cwd). */
export const CLAUDE_BIN = fileURLToPath(new URL("../../node_modules/.bin/claude", import.meta.url));

/** A throwaway HOME with its own CLAUDE_CONFIG_DIR, so tests never touch the real ~/.claude. */
export interface ClaudeTestHome {
  home: string;
  configDir: string;
  /** CLAUDE_CODE_TMPDIR: the Bash tool's scratch space (otherwise /tmp/claude-<uid>, shared). */
  tmpDir: string;
}

/** Creates a fresh HOME with `.claude` (config) and `tmp` (Bash tool scratch) inside. */
export async function createClaudeTestHome(): Promise<ClaudeTestHome> {
  const home = await realpath(await mkdtemp(path.join(tmpdir(), "arbor-claude-home-")));
  const configDir = path.join(home, ".claude");
  const tmpDir = path.join(home, "tmp");
  await mkdir(configDir);
  await mkdir(tmpDir);
  return { home, configDir, tmpDir };
}

/** Creates an empty git repository (`git init`, no commit) to use as the CLI's cwd. */
export async function createTestRepo(): Promise<string> {
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), "arbor-claude-repo-")));
  await execFileAsync("git", ["init", "--quiet"], { cwd: dir });
  return dir;
}

/** Removes folders made by the helpers above. */
export async function removeTestDirs(dirs: string[]): Promise<void> {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * The environment for the real CLI talking to the mock, built the way Arbor builds it: an
 * inherited environment passed through buildChildEnv, with CLI-only settings passed as
 * `ARBOR_CLAUDE_ENV_*` (CLAUDE_CODE_* names from the parent are dropped on purpose).
 * `apiKey: null` leaves ANTHROPIC_API_KEY out; `maxRetries` bounds the CLI's API retries.
 */
export function buildTestClaudeEnv(params: {
  mockUrl: string;
  home: ClaudeTestHome;
  apiKey?: string | null;
  maxRetries?: number;
}): Record<string, string> {
  const inherited: EnvMap = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: params.home.home,
    CLAUDE_CONFIG_DIR: params.home.configDir,
    ANTHROPIC_BASE_URL: params.mockUrl,
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    ARBOR_CLAUDE_ENV_CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    ARBOR_CLAUDE_ENV_CLAUDE_CODE_MAX_RETRIES: String(params.maxRetries ?? 1),
    ARBOR_CLAUDE_ENV_CLAUDE_CODE_TMPDIR: params.home.tmpDir,
  };
  const apiKey = params.apiKey === undefined ? "sk-test" : params.apiKey;
  if (apiKey !== null) inherited.ANTHROPIC_API_KEY = apiKey;
  return buildChildEnv({ program: "claude", inherited, passNames: [], secrets: [] });
}

/** True while the process exists and is not a zombie waiting to be reaped (Linux /proc). */
export function isProcessAlive(pid: number): boolean {
  if (!signalZero(pid)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** True while any process of the group led by `pid` can still be signalled. */
/**
 * A finished run's process and its whole group are gone. The leader is reaped before its exit is
 * reported; a member killed with the group may answer signal 0 until the kernel has reaped it, so
 * the group is polled for a moment.
 */
export async function expectProcessGroupGone(pid: number | null): Promise<void> {
  if (pid === null) throw new Error("the run has no pid");
  expect(isProcessAlive(pid)).toBe(false);
  await expect.poll(() => isProcessGroupAlive(pid), { timeout: 5_000 }).toBe(false);
}

export function isProcessGroupAlive(pid: number): boolean {
  if (pid <= 1) throw new Error(`not a process group leader: ${pid}`);
  return signalZero(-pid);
}

function signalZero(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}
