import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { childEnv } from "@/lib/process-host/child-env-source.ts";
import { getProcessHost } from "@/lib/process-host/current-process-host.ts";
import { killProcessGroupQuietly } from "@/lib/process-host/kill-process-group.ts";
import {
  buildGitSafetyOptions,
  needsRepositoryOverrides,
  withSubcommandSafetyFlags,
} from "@/lib/git/safety/git-safety.ts";
import { redactCredentialsInText } from "@/lib/git/safety/redact-url.ts";
import { readRepositoryConfigNames } from "@/lib/git/safety/local-git-config.ts";

/**
 * Runs `git --no-optional-locks <safety options> -C <cwd> <args...>` in the process host and returns
 * stdout. No shell; `cwd` only as `-C`'s value, so user text is never an option. Repository code is
 * switched off (git-safety.ts) unless `allowRepositoryCode` (trusted repository, on purpose); see
 * docs/decisions/0015-git-runs-no-repository-code.md. `--no-optional-locks` keeps `status` off the
 * index lock; a flag, since simple-git rejects envs holding EDITOR, PAGER and the like.
 * Throws AppError('unavailable') without git, else AppError('git_failed') (`details.gitMessage`).
 */
export async function runGit({
  cwd,
  args,
  allowRepositoryCode = false,
}: {
  cwd: string;
  args: string[];
  allowRepositoryCode?: boolean;
}): Promise<string> {
  try {
    const options = await safetyOptionsFor({ cwd, args, allowRepositoryCode });
    return await getProcessHost().git(
      ["--no-optional-locks", ...options, "-C", cwd, ...withSubcommandSafetyFlags(args)],
      childEnv("git"),
    );
  } catch (error) {
    throw toGitError({ error, cwd, args });
  }
}

/**
 * The `-c` options for a command in `cwd`: in a repository the user has not trusted, a command
 * that touches content (or commits, merges, pushes) also gets the programs the repository's config
 * names switched off (repository-programs.ts), from its config read once while unchanged
 * (local-git-config.ts).
 */
async function safetyOptionsFor(input: { cwd: string; args: string[]; allowRepositoryCode: boolean }) {
  const { allowRepositoryCode } = input;
  if (allowRepositoryCode || !needsRepositoryOverrides(input.args))
    return buildGitSafetyOptions({ allowRepositoryCode });
  const { overrides } = await readRepositoryConfigNames(input.cwd);
  return buildGitSafetyOptions({ overrides, allowRepositoryCode });
}

export interface GitCommandResult {
  /** stdout exactly as git wrote it (names in `-z` output may not be UTF-8). */
  stdout: Buffer;
  stderr: string;
  /** null when git was killed (time limit, output limit). */
  exitCode: number | null;
  /** The time limit ran out and git's process group (hooks included) was killed. */
  isTimedOut: boolean;
  /** stdout passed `maxStdoutBytes`: what came before is kept and git was stopped. */
  isTruncated: boolean;
}

/** Environment variables a parent may have set that would point git at another repository, index or object store. */
const INHERITED_GIT_LOCATION = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_COMMON_DIR",
  "GIT_PREFIX",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
];

/**
 * runGit's safety and `-C cwd`, for what simple-git cannot do: exact stdout bytes, extra env
 * (`GIT_INDEX_FILE`), stdin, answering exit codes (`diff --quiet`), a time limit that kills git's
 * process group (a hung hook and its children), an output limit; patch headers always C-quoted.
 * Unless `isExitCodeChecked` is false, a bad exit code throws AppError('git_failed') and a timeout
 * AppError('unavailable'). `stdin` may be a promise: git starts at once (overlapping the process
 * it waits on); if it rejects, git is stopped and the call rejects with that error.
 */
export async function runGitCommand(input: {
  cwd: string;
  args: string[];
  env?: Record<string, string>;
  stdin?: string | Promise<string>;
  timeoutMs?: number;
  maxStdoutBytes?: number;
  allowRepositoryCode?: boolean;
  okExitCodes?: number[];
  isExitCodeChecked?: boolean;
  /** More `-c key=value` options (Arbor's own text only, never a value from a request). */
  extraConfig?: string[];
}): Promise<GitCommandResult> {
  const { cwd, args, allowRepositoryCode = false } = input;
  // Handled at once: a promised input may fail while the safety options are still being read
  // (a git process of their own), and an unhandled rejection would end the server.
  const stdin = typeof input.stdin === "object" ? settle(input.stdin) : (input.stdin ?? "");
  let result: GitCommandResult;
  try {
    const options = await safetyOptionsFor({ cwd, args, allowRepositoryCode });
    const env: Record<string, string | undefined> = childEnv("git", { GIT_TERMINAL_PROMPT: "0", ...input.env });
    for (const name of INHERITED_GIT_LOCATION) if (!input.env?.[name]) delete env[name];
    result = await spawnGit({
      args: [
        "--no-optional-locks",
        ...options,
        ...["core.quotePath=true", ...(input.extraConfig ?? [])].flatMap((pair) => ["-c", pair]),
        "-C",
        cwd,
        ...withSubcommandSafetyFlags(args),
      ],
      env,
      stdin,
      timeoutMs: input.timeoutMs ?? 120_000,
      maxStdoutBytes: input.maxStdoutBytes ?? 256 * 1024 * 1024,
      cwd,
    });
  } catch (error) {
    if (error instanceof StdinFailed) throw error.cause;
    throw toGitError({ error, cwd, args });
  }
  if (input.isExitCodeChecked === false) return result;
  if (result.isTimedOut) {
    throw new AppError(
      "unavailable",
      `git ${args[0] ?? ""} did not finish within ${Math.round((input.timeoutMs ?? 0) / 1000)} s in ${cwd} and was stopped. Try again; if it keeps happening, run it in a terminal to see what it waits for.`,
    );
  }
  const isOk =
    result.exitCode === 0 || (result.exitCode !== null && (input.okExitCodes ?? []).includes(result.exitCode));
  if (isOk || result.isTruncated) return result;
  throw toGitError({ error: new Error(result.stderr || `exit status ${result.exitCode}`), cwd, args });
}

type SettledInput = { isRead: true; text: string } | { isRead: false; error: unknown };

function settle(input: Promise<string>): Promise<SettledInput> {
  return input.then(
    (text) => ({ isRead: true, text }),
    (error: unknown) => ({ isRead: false, error }),
  );
}

/** The promised stdin of a git command rejected: the command was stopped, and fails with that error. */
class StdinFailed extends Error {
  constructor(override readonly cause: unknown) {
    super("the input for git could not be made");
  }
}

function spawnGit(input: {
  args: string[];
  env: Record<string, string | undefined>;
  stdin: string | Promise<SettledInput>;
  timeoutMs: number;
  maxStdoutBytes: number;
  cwd: string;
}): Promise<GitCommandResult> {
  return new Promise((resolve, reject) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let pid: number | null = null;
    let exitCode: number | null = null;
    let isTimedOut = false;
    let isTruncated = false;
    let isStopped = false;
    let stdinFailure: StdinFailed | null = null;
    const stop = () => {
      isStopped = true;
      if (pid !== null) killProcessGroupQuietly(pid);
    };
    const timer = setTimeout(() => {
      isTimedOut = true;
      stop();
    }, input.timeoutMs);
    const isFed = typeof input.stdin !== "string";
    const spawned = getProcessHost().spawn(
      {
        bin: "git",
        args: input.args,
        cwd: input.cwd,
        env: input.env,
        stdin: typeof input.stdin === "string" ? input.stdin : "",
        keepStdinOpen: isFed,
        pipeGraceMs: 1000,
      },
      {
        onStart: (startedPid) => {
          pid = startedPid;
          if (isStopped) stop();
        },
        onSpawnError: (failure) => {
          clearTimeout(timer);
          reject(new Error(`spawn git ${failure.code ?? ""}: ${failure.message}`));
        },
        onStdout: (chunk) => {
          if (isTruncated) return;
          const room = input.maxStdoutBytes - stdoutBytes;
          if (chunk.byteLength > room) {
            stdout.push(Buffer.from(chunk.subarray(0, room)));
            isTruncated = true;
            stop();
            return;
          }
          stdoutBytes += chunk.byteLength;
          stdout.push(Buffer.from(chunk));
        },
        onStderr: (chunk) => stderr.push(Buffer.from(chunk)),
        onStdinError: () => {},
        onExit: (code) => (exitCode = code),
        onClose: () => {
          clearTimeout(timer);
          if (stdinFailure) {
            reject(stdinFailure);
            return;
          }
          resolve({
            stdout: Buffer.concat(stdout),
            stderr: Buffer.concat(stderr).toString("utf8"),
            exitCode,
            isTimedOut,
            isTruncated,
          });
        },
      },
    );
    if (typeof input.stdin !== "string")
      void input.stdin.then((settled) => {
        if (settled.isRead) spawned.writeStdin(settled.text);
        else {
          stdinFailure = new StdinFailed(settled.error);
          stop();
        }
        spawned.endStdin();
      });
  });
}

const GIT_OUTPUT_KEPT = 8 * 1024;

/** Everything git wrote before it failed (capped), from an error thrown by runGit or runGitCommand (or any error). */
export function readGitOutput(error: unknown): string {
  if (isAppError(error) && typeof error.details?.gitOutput === "string") return error.details.gitOutput;
  return error instanceof Error ? error.message : String(error);
}

/** Git's own first line of complaint from an error thrown by runGit (or any error). */
export function readGitMessage(error: unknown): string {
  if (isAppError(error) && typeof error.details?.gitMessage === "string") return error.details.gitMessage;
  const text = error instanceof Error ? error.message : String(error);
  return gitComplaint(text);
}

function toGitError({ error, cwd, args }: { error: unknown; cwd: string; args: string[] }): AppError {
  // git quotes remote URLs in its complaints, credentials included; the message goes to the user.
  const text = redactCredentialsInText(error instanceof Error ? error.message : String(error));
  if (/spawn \S+ ENOENT/.test(text) || text.startsWith("spawn git ENOENT")) {
    return new AppError(
      "unavailable",
      "Git is not installed or not on the PATH of the Arbor server. Install git (https://git-scm.com/downloads), check that `git --version` works in the shell that starts Arbor, then restart Arbor.",
      { cause: error },
    );
  }
  const gitMessage = gitComplaint(text);
  return new AppError(
    "git_failed",
    `git ${args[0] ?? ""} failed in ${cwd}: ${gitMessage} — fix what git reports, then try again.`,
    {
      // The whole output too (capped), for callers that recognise a case by a line before the fatal one.
      details: { gitMessage, gitOutput: text.slice(0, GIT_OUTPUT_KEPT) },
      cause: error,
    },
  );
}

/**
 * git's complaint in its output: the first `fatal:` or `error:` line (git may print progress such
 * as "Preparing worktree (new branch 'x')" before it), else the first line that says anything.
 */
export function gitComplaint(text: string): string {
  const lines = text.split("\n").map((line) => line.trim());
  const line =
    lines.find((candidate) => /^(fatal|error):/.test(candidate)) ?? lines.find((candidate) => candidate !== "");
  return line ?? text.trim();
}
