import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { writeFileSync } from "node:fs";
import { setPriority } from "node:os";
import path from "node:path";
import { simpleGit, type SimpleGit } from "simple-git";
import { killProcessGroupQuietly } from "./kill-process-group.ts";
import { findExecutable, sanitizeSearchPath } from "./resolve-executable.ts";
import type { ProcessHost, SpawnedProcess, SpawnListener, SpawnRequest } from "./types.ts";

/**
 * Upper bound on git processes in flight; each scan also applies its own, smaller limit.
 * simple-git's default (5) would silently cap a scan's concurrency.
 */
const MAX_GIT_PROCESSES = 32;

/** simple-git clients kept (one per binary and environment); the oldest goes first. */
const MAX_GIT_CLIENTS = 4;

/**
 * simple-git refuses `-c` options that could run programs, whatever their value. Arbor's only `-c`
 * options are run-git.ts's, which switch exactly those off in untrusted repositories (see
 * docs/decisions/0015-git-runs-no-repository-code.md), and no caller text goes among git's global
 * options, so these categories are allowed. Config paths are allowed too: the environment is
 * child-env.ts's allow-list, with the user's own GIT_CONFIG_* and GIT_SSH_COMMAND, and ARBOR_PASS_ENV
 * may not name the other refused variables (config/pass-env.ts). Every other check stays on.
 */
const GIT_SAFETY_OVERRIDES = {
  allowUnsafeFsMonitor: true,
  allowUnsafeHooksPath: true,
  allowUnsafeFilter: true,
  allowUnsafeProtocolOverride: true,
  allowUnsafeSshCommand: true,
  allowUnsafeAskPass: true,
  allowUnsafeCredentialHelper: true,
  allowUnsafePack: true,
  allowUnsafeConfigPaths: true,
  allowUnsafeDiffExternal: true,
  allowUnsafeDiffTextConv: true,
  allowUnsafeMergeDriver: true,
  allowUnsafeGpgProgram: true,
  allowUnsafePager: true,
  allowUnsafeEditor: true,
  allowUnsafeAlias: true,
};

/** simple-git accepts a custom binary only when it is made of these characters. */
const PLAIN_BINARY_PATH = /^[a-z0-9/._~-]+$/i;

export interface LocalProcessHost extends ProcessHost {
  /** SIGKILLs the process group of every process started here that is still running. */
  killAll(): void;
}

/**
 * Starts processes in this Node process. Arbor's server does not use it directly: `spawn` blocks
 * the event loop for as long as fork() takes, which grows with the caller's memory (about 20 ms
 * at the server's 350 MB), so the server runs this inside a small process host instead
 * (remote-process-host.ts). Tests, benchmarks and the `arbor` command use it as is.
 */
export function createLocalProcessHost(): LocalProcessHost {
  // One simple-git client per git binary and environment (both are part of a client's
  // configuration): PATH is read at every call, so a git installed, moved or removed while Arbor
  // runs is noticed. The environment is the same for every call unless Arbor's own changes.
  const gitClients = new Map<string, SimpleGit>();
  const liveGroups = new Set<number>();
  return {
    spawn(request, listener) {
      return startProcess({ request, listener, liveGroups });
    },
    git(args, env) {
      const gitEnv = { ...env, ...(env.PATH !== undefined ? { PATH: sanitizeSearchPath(env.PATH) } : {}) };
      const binary = findGitBinary(gitEnv.PATH);
      const key = `${binary}\0${JSON.stringify(gitEnv)}`;
      let client = gitClients.get(key);
      if (!client) {
        if (gitClients.size >= MAX_GIT_CLIENTS) gitClients.delete(gitClients.keys().next().value!);
        client = simpleGit({
          maxConcurrentProcesses: MAX_GIT_PROCESSES,
          trimmed: false,
          binary,
          unsafe: GIT_SAFETY_OVERRIDES,
        }).env(gitEnv);
        gitClients.set(key, client);
      }
      return client.raw(args);
    },
    killAll() {
      for (const pid of liveGroups) killProcessGroupQuietly(pid);
    },
    close() {
      this.killAll();
      return Promise.resolve();
    },
  };
}

const NO_STDIN: SpawnedProcess = { writeStdin() {}, endStdin() {} };

/** git by its absolute path (the child's PATH, absolute entries only), so no relative PATH entry picks it. */
function findGitBinary(pathValue: string | undefined): string {
  const found = findExecutable({ name: "git", pathValue });
  return found && PLAIN_BINARY_PATH.test(found) ? found : "git";
}

/**
 * Starts the process. An absolute program path is used as is; a bare program name is looked up in the absolute entries of the child's
 * PATH only, and the child gets that PATH without its relative and empty entries: neither the
 * program nor anything it starts through PATH (`#!/usr/bin/env node`) is taken from the folder it
 * runs in, which for claude is a worktree the repository controls.
 */
function startProcess(params: {
  request: SpawnRequest;
  listener: SpawnListener;
  liveGroups: Set<number>;
}): SpawnedProcess {
  const { request, listener } = params;
  const env = { ...request.env };
  if (env.PATH !== undefined) env.PATH = sanitizeSearchPath(env.PATH);
  const bin = path.isAbsolute(request.bin) ? request.bin : findExecutable({ name: request.bin, pathValue: env.PATH });
  if (!bin) {
    listener.onSpawnError({
      code: "ENOENT",
      message: `${request.bin} was not found (only absolute PATH entries are searched, never the working directory)`,
    });
    return NO_STDIN;
  }
  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawn(bin, request.args, {
      cwd: request.cwd,
      env: env as NodeJS.ProcessEnv,
      shell: false,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
  } catch (error) {
    listener.onSpawnError(toFailure(error));
    return NO_STDIN;
  }
  const pid = child.pid;
  if (pid === undefined) {
    child.once("error", (error: Error) => listener.onSpawnError(toFailure(error)));
    return NO_STDIN;
  }
  params.liveGroups.add(pid);
  if (request.niceness) lowerPriority(pid, request.niceness);
  listener.onStart(pid);
  let pipeTimer: NodeJS.Timeout | undefined;
  child.stdout.on("data", (chunk: Buffer) => listener.onStdout(chunk));
  child.stderr.on("data", (chunk: Buffer) => listener.onStderr(chunk));
  child.stdin.on("error", (error: NodeJS.ErrnoException) => listener.onStdinError(error.code ?? error.message));
  child.on("error", () => {
    // After a successful start, errors are failed signals or writes; exit and close still follow.
  });
  child.on("exit", (code, signal) => {
    // Kill whatever the leader left behind in its group (background tools), then stop waiting
    // for pipes that an escaped grandchild might still hold open.
    killProcessGroupQuietly(pid);
    params.liveGroups.delete(pid);
    listener.onExit(code, signal);
    pipeTimer = setTimeout(() => {
      child.stdout.destroy();
      child.stderr.destroy();
    }, request.pipeGraceMs);
  });
  child.on("close", () => {
    clearTimeout(pipeTimer);
    listener.onClose();
  });
  const stdin = child.stdin;
  if (!request.keepStdinOpen) {
    stdin.end(request.stdin, "utf8");
    return NO_STDIN;
  }
  if (request.stdin) stdin.write(request.stdin, "utf8");
  return {
    writeStdin(text) {
      if (stdin.writable) stdin.write(text, "utf8");
    },
    endStdin() {
      if (!stdin.writableEnded) stdin.end();
    },
  };
}

/**
 * Lowers the process's CPU priority. A detached process leads a new session, and with Linux's
 * scheduler autogroups (on by default on desktop distributions) every session gets an equal share
 * of the CPU whatever its processes' nice values: twenty busy agents would leave Arbor a
 * twenty-first of it. So the session's autogroup is niced as well, where the kernel has them.
 */
function lowerPriority(pid: number, niceness: number): void {
  try {
    setPriority(pid, niceness);
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {
    // Exited already, no autogroups (other kernels, other systems): only responsiveness is lost.
  }
}

function toFailure(error: unknown): { code: string | null; message: string } {
  const errno = error as NodeJS.ErrnoException;
  return { code: errno.code ?? null, message: errno.message ?? String(error) };
}
