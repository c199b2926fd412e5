import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { AppError } from "../errors/app-error.ts";
import { createAssistantTextBuilder } from "./assistant-text.ts";
import type { EnvMap } from "./claude-env.ts";
import { classifyRunOutcome, type RunClassification, type RunFacts } from "./classify-run-outcome.ts";
import { killProcessGroup } from "./kill-process-group.ts";
import { createLineSplitter } from "./line-splitter.ts";
import { parseStreamJsonLine } from "./parse-stream-json.ts";
import type { ClaudeStreamEvent, ResultEvent } from "./stream-event.ts";
import { createTailBuffer } from "./tail-buffer.ts";
import { setPriority } from "node:os";

export { killProcessGroup } from "./kill-process-group.ts";

const SNIPPET_BYTES = 8 * 1024;
const DEFAULT_KILL_GRACE_MS = 3000;

export interface RunClaudeOptions {
  bin: string;
  /** From buildClaudeArgs; never contains the prompt. */
  args: string[];
  cwd: string;
  /** The complete child environment (see buildClaudeEnv); nothing else is inherited. */
  env: EnvMap;
  /** Written to stdin, which is then closed (`claude -p` reads stdin to EOF). */
  prompt: string;
  timeoutMs: number;
  /** Aborting sends SIGINT to the process group (the CLI ends the turn cleanly), SIGKILL after the grace period. */
  signal?: AbortSignal;
  /** Called synchronously for every stdout line, as soon as it is complete. Throwing stops the run. */
  onEvent?: (event: ClaudeStreamEvent, rawLine: string) => void;
  /** Wait between the polite signal and SIGKILL (default 3000 ms). */
  killGraceMs?: number;
}

export interface RunOutcome extends RunClassification {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  result: ResultEvent | null;
  /** The assistant's text rebuilt from the stream: the partial answer when cancelled or crashed. */
  text: string;
  /** Last 8 KB of stdout and stderr. */
  stdoutSnippet: string;
  stderrSnippet: string;
  pid: number | null;
  startedAt: Date;
  finishedAt: Date;
  /** stdout lines that were not JSON. */
  invalidLineCount: number;
  /** Notes from the runner itself (stdin EPIPE, signalling failures). */
  diagnostics: string[];
}

/**
 * Runs one `claude -p` turn without a shell, in its own process group, streaming parsed events.
 * Resolves when the process and its pipes are closed; the whole process group is SIGKILLed after
 * the CLI exits, so no tool process outlives the run. Rejects only when `onEvent` throws (after
 * killing the process) or `timeoutMs` is not a positive number.
 */
export function runClaude(options: RunClaudeOptions): Promise<RunOutcome> {
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
    return Promise.reject(new AppError("invalid_input", "timeoutMs must be a positive number.", { details: { timeoutMs: options.timeoutMs } }));
  }
  const startedAt = new Date();
  const facts: RunFacts = { result: null, exitCode: null, signal: null, spawnError: null, bin: options.bin, cwd: options.cwd, wasCancelled: false, wasTimedOut: false, timeoutMs: options.timeoutMs, stderr: "", sawOutput: false };
  if (options.signal?.aborted) {
    facts.wasCancelled = true;
    return Promise.resolve(buildOutcome({ facts, startedAt, pid: null, text: "", stdoutSnippet: "", invalidLineCount: 0, diagnostics: [] }));
  }
  return new Promise((resolve, reject) => {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(options.bin, options.args, { cwd: options.cwd, env: options.env as NodeJS.ProcessEnv, shell: false, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    } catch (error) {
      facts.spawnError = toSpawnError({ error, cwd: options.cwd });
      resolve(buildOutcome({ facts, startedAt, pid: null, text: "", stdoutSnippet: "", invalidLineCount: 0, diagnostics: [] }));
      return;
    }
    superviseChild({ child, options, facts, startedAt, resolve, reject });
  });
}

function superviseChild(params: {
  child: ChildProcessWithoutNullStreams;
  options: RunClaudeOptions;
  facts: RunFacts;
  startedAt: Date;
  resolve: (outcome: RunOutcome) => void;
  reject: (error: unknown) => void;
}): void {
  const { child, options, facts } = params;
  const pid = child.pid ?? null;
  lowerPriority(pid);
  const graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const stdoutTail = createTailBuffer(SNIPPET_BYTES);
  const stderrTail = createTailBuffer(SNIPPET_BYTES);
  const textBuilder = createAssistantTextBuilder();
  const diagnostics: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let invalidLineCount = 0;
  let handlerError: { error: unknown } | null = null;
  let isStopping = false;
  let isSettled = false;

  function signalGroup(signal: NodeJS.Signals): void {
    if (pid === null) return;
    try {
      killProcessGroup(pid, signal);
    } catch (error) {
      diagnostics.push(`could not send ${signal} to process group ${pid}: ${String(error)}`);
      child.kill(signal);
    }
  }

  function stop(params: { first: NodeJS.Signals; reason: string }): void {
    if (isStopping) return;
    isStopping = true;
    diagnostics.push(`stopping (${params.reason}): ${params.first}`);
    signalGroup(params.first);
    if (params.first !== "SIGKILL") timers.add(setTimeout(() => signalGroup("SIGKILL"), graceMs));
  }

  function onAbort(): void {
    if (isStopping) return;
    facts.wasCancelled = true;
    stop({ first: "SIGINT", reason: "cancelled" });
  }

  function handleLine(line: string): void {
    if (line.trim().length === 0) return;
    const event = parseStreamJsonLine(line);
    if (event.kind === "invalid") invalidLineCount += 1;
    if (event.kind === "result") facts.result = event;
    textBuilder.add(event);
    if (!options.onEvent || handlerError) return;
    try {
      options.onEvent(event, line);
    } catch (error) {
      handlerError = { error };
      stop({ first: "SIGKILL", reason: "onEvent threw" });
    }
  }

  function settle(): void {
    if (isSettled) return;
    isSettled = true;
    for (const timer of timers) clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    if (handlerError) {
      params.reject(handlerError.error);
      return;
    }
    facts.stderr = stderrTail.toString();
    const outcome = buildOutcome({ facts, startedAt: params.startedAt, pid, text: textBuilder.text(), stdoutSnippet: stdoutTail.toString(), invalidLineCount, diagnostics });
    params.resolve(outcome);
  }

  const splitter = createLineSplitter(handleLine);
  child.stdout.on("data", (chunk: Buffer) => {
    facts.sawOutput = true;
    stdoutTail.push(chunk);
    splitter.push(chunk);
  });
  child.stderr.on("data", (chunk: Buffer) => stderrTail.push(chunk));
  child.stdin.on("error", (error: NodeJS.ErrnoException) => {
    // EPIPE: the CLI exited before reading the prompt (e.g. a usage error); its exit status tells why.
    diagnostics.push(`stdin: ${error.code ?? error.message}`);
  });
  child.on("error", (error: NodeJS.ErrnoException) => {
    if (pid === null) {
      facts.spawnError = toSpawnError({ error, cwd: options.cwd });
      settle();
      return;
    }
    diagnostics.push(`process error: ${error.message}`);
  });
  child.on("exit", (code, signal) => {
    facts.exitCode = code;
    facts.signal = signal;
    // Kill whatever the CLI left behind in its group (background tools), then stop waiting for
    // pipes that an escaped grandchild might still hold open.
    if (pid !== null) signalGroup("SIGKILL");
    timers.add(setTimeout(() => {
      child.stdout.destroy();
      child.stderr.destroy();
    }, graceMs));
  });
  child.on("close", () => {
    splitter.end();
    settle();
  });
  if (pid === null) return;

  timers.add(setTimeout(() => {
    if (isStopping) return;
    facts.wasTimedOut = true;
    stop({ first: "SIGTERM", reason: `timeout after ${options.timeoutMs} ms` });
  }, options.timeoutMs));
  options.signal?.addEventListener("abort", onAbort, { once: true });
  child.stdin.end(options.prompt, "utf8");
}

function buildOutcome(params: {
  facts: RunFacts;
  startedAt: Date;
  pid: number | null;
  text: string;
  stdoutSnippet: string;
  invalidLineCount: number;
  diagnostics: string[];
}): RunOutcome {
  const { facts } = params;
  return {
    ...classifyRunOutcome(facts),
    exitCode: facts.exitCode,
    signal: facts.signal,
    result: facts.result,
    text: params.text,
    stdoutSnippet: params.stdoutSnippet,
    stderrSnippet: facts.stderr,
    pid: params.pid,
    startedAt: params.startedAt,
    finishedAt: new Date(),
    invalidLineCount: params.invalidLineCount,
    diagnostics: params.diagnostics,
  };
}

function toSpawnError(params: { error: unknown; cwd: string }): { code: string | null; message: string } {
  const error = params.error as NodeJS.ErrnoException;
  // spawn reports a missing cwd as ENOENT of the binary; tell the two apart.
  if (error.code === "ENOENT" && !existsSync(params.cwd)) {
    return { code: "ENOENT_CWD", message: `the working directory ${params.cwd} does not exist` };
  }
  return { code: error.code ?? null, message: error.message };
}

/** Agents are batch work: their CPU niceness is raised so Arbor's UI and relay stay responsive. */
const AGENT_NICENESS = 19;

function lowerPriority(pid: number | null): void {
  if (pid === null) return;
  try {
    setPriority(pid, AGENT_NICENESS);
  } catch {
    // The process may already have exited; a failed niceness change only costs responsiveness.
  }
}
