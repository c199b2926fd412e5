import { existsSync } from "node:fs";
import { AppError } from "@/lib/errors/app-error.ts";
import { createAssistantTextBuilder } from "@/lib/agent/stream/assistant-text.ts";
import { createConversationChannel, type ClaudeConversation } from "./claude-conversation.ts";
import { userMessageLine } from "./control-messages.ts";
import type { EnvMap } from "@/lib/process-host/child-env.ts";
import { classifyRunOutcome, type RunClassification, type RunFacts } from "./classify-run-outcome.ts";
import { killProcessGroup } from "@/lib/process-host/kill-process-group.ts";
import { createLineSplitter } from "@/lib/agent/stream/line-splitter.ts";
import { parseStreamJsonLine } from "@/lib/agent/stream/parse-stream-json.ts";
import type { ClaudeStreamEvent, ResultEvent } from "@/lib/agent/stream/stream-event.ts";
import { createTailBuffer } from "@/lib/process-host/tail-buffer.ts";
import { getProcessHost } from "@/lib/process-host/current-process-host.ts";
import { getConfig } from "@/lib/config/current-config.ts";
import type { SpawnedProcess, SpawnFailure } from "@/lib/process-host/types.ts";

const SNIPPET_BYTES = 8 * 1024;
const DEFAULT_KILL_GRACE_MS = 3000;

/**
 * The claude to start: `bin` is an absolute path (see lib/trust/claude-bin.ts), or, with
 * `problem`, the configured name and why no safe binary was found (nothing is started then).
 */
export interface ClaudeCommand {
  bin: string;
  problem: string | null;
}

export interface RunClaudeOptions {
  bin: string;
  /** Why `bin` must not be started: the run ends as claude_not_found with this reason. */
  binProblem?: string | null;
  /** From buildClaudeArgs; never contains the prompt. */
  args: string[];
  cwd: string;
  /** The complete child environment (see buildChildEnv); nothing else is inherited. */
  env: EnvMap;
  /**
   * The prompt. Plain runs: written to stdin, which is then closed (`claude -p` reads stdin to EOF).
   * Conversation runs: written as one stream-json user message as soon as it resolves, so the CLI
   * boots while Arbor is still assembling it; the timeout counts from then.
   */
  prompt: string | Promise<string>;
  /**
   * Run as the Agent SDK does (`--input-format stream-json --permission-prompt-tool stdio`, which
   * buildClaudeArgs adds for `conversation: true`): stdin stays open until the `result` line, and
   * the CLI's permission requests are answered through this.
   */
  conversation?: ClaudeConversation;
  timeoutMs: number;
  /**
   * Aborting stops the run: a conversation gets the CLI's interrupt request first; then SIGINT to
   * the process group (the CLI ends the turn cleanly), SIGKILL after the grace period.
   */
  signal?: AbortSignal;
  /** Called synchronously for every stdout line, as soon as it is complete. Throwing stops the run. */
  onEvent?: (event: ClaudeStreamEvent, rawLine: string) => void;
  /** Wait between the polite signal and SIGKILL (default 3000 ms). */
  killGraceMs?: number;
  /** The process exists (its pid leads its process group). */
  onStart?: (pid: number) => void;
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
    return Promise.reject(
      new AppError("invalid_input", "timeoutMs must be a positive number.", {
        details: { timeoutMs: options.timeoutMs },
      }),
    );
  }
  if (options.conversation === undefined && typeof options.prompt !== "string") {
    return Promise.reject(
      new AppError("invalid_input", "A plain run needs its prompt as text (only conversations take a promise)."),
    );
  }
  const startedAt = new Date();
  const facts: RunFacts = {
    result: null,
    exitCode: null,
    signal: null,
    spawnError: null,
    bin: options.bin,
    cwd: options.cwd,
    wasCancelled: false,
    wasTimedOut: false,
    timeoutMs: options.timeoutMs,
    stderr: "",
    sawOutput: false,
  };
  if (options.binProblem) {
    facts.spawnError = { code: "NOT_RESOLVED", message: options.binProblem };
    return Promise.resolve(
      buildOutcome({ facts, startedAt, pid: null, text: "", stdoutSnippet: "", invalidLineCount: 0, diagnostics: [] }),
    );
  }
  if (options.signal?.aborted) {
    facts.wasCancelled = true;
    return Promise.resolve(
      buildOutcome({ facts, startedAt, pid: null, text: "", stdoutSnippet: "", invalidLineCount: 0, diagnostics: [] }),
    );
  }
  return new Promise((resolve, reject) => superviseRun({ options, facts, startedAt, resolve, reject }));
}

function superviseRun(params: {
  options: RunClaudeOptions;
  facts: RunFacts;
  startedAt: Date;
  resolve: (outcome: RunOutcome) => void;
  reject: (error: unknown) => void;
}): void {
  const { options, facts } = params;
  const graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const stdoutTail = createTailBuffer(SNIPPET_BYTES);
  const stderrTail = createTailBuffer(SNIPPET_BYTES);
  const textBuilder = createAssistantTextBuilder();
  const diagnostics: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let pid: number | null = null;
  /** A signal asked for before the process had started; sent as soon as it has. */
  let deferredSignal: NodeJS.Signals | null = null;
  let invalidLineCount = 0;
  let handlerError: { error: unknown } | null = null;
  let isStopping = false;
  let isSettled = false;
  /** Conversation runs: the prompt has been written (the CLI is working on the turn). */
  let isPromptSent = false;
  let hasResult = false;
  // Assigned right after the spawn; a spawn error can settle the run before that.
  let spawned: SpawnedProcess = { writeStdin() {}, endStdin() {} };
  let channel: ReturnType<typeof createConversationChannel> | null = null;

  function signalGroup(signal: NodeJS.Signals): void {
    if (pid === null) {
      deferredSignal = signal;
      return;
    }
    try {
      killProcessGroup(pid, signal);
    } catch (error) {
      diagnostics.push(`could not send ${signal} to process group ${pid}: ${String(error)}`);
    }
  }

  function stop(stopParams: { first: NodeJS.Signals; reason: string }): void {
    if (isStopping) return;
    isStopping = true;
    diagnostics.push(`stopping (${stopParams.reason}): ${stopParams.first}`);
    if (channel && stopParams.first !== "SIGKILL") {
      stopConversation(stopParams.first);
      return;
    }
    signalGroup(stopParams.first);
    if (stopParams.first !== "SIGKILL") timers.add(setTimeout(() => signalGroup("SIGKILL"), graceMs));
  }

  /**
   * A conversation is stopped from the inside first: the CLI's interrupt request ends the turn
   * cleanly (pending permission requests are withdrawn, a `result` follows); an idle warm process
   * simply gets EOF. Signals follow if it does not finish within the grace period.
   */
  function stopConversation(signal: NodeJS.Signals): void {
    if (isPromptSent && !hasResult) channel?.interrupt();
    else spawned.endStdin();
    timers.add(
      setTimeout(() => {
        signalGroup(signal);
        timers.add(setTimeout(() => signalGroup("SIGKILL"), graceMs));
      }, graceMs),
    );
  }

  function onAbort(): void {
    if (isStopping) return;
    facts.wasCancelled = true;
    stop({ first: "SIGINT", reason: "cancelled" });
  }

  function startTimeout(): void {
    timers.add(
      setTimeout(() => {
        if (isStopping) return;
        facts.wasTimedOut = true;
        stop({ first: "SIGTERM", reason: `timeout after ${options.timeoutMs} ms` });
      }, options.timeoutMs),
    );
  }

  function handleLine(line: string): void {
    if (line.trim().length === 0) return;
    const event = parseStreamJsonLine(line);
    if (event.kind === "invalid") invalidLineCount += 1;
    if (event.kind === "result") facts.result = event;
    textBuilder.add(event);
    if (channel) {
      channel.noteEvent(event);
      if (event.kind === "control_request") channel.handleRequest(event);
      else if (event.kind === "control_cancel") channel.handleCancel(event.requestId);
    }
    if (options.onEvent && !handlerError) {
      try {
        options.onEvent(event, line);
      } catch (error) {
        handlerError = { error };
        stop({ first: "SIGKILL", reason: "onEvent threw" });
      }
    }
    // One user message per run: after its result the conversation is over, so stdin is closed
    // and the CLI exits on its own.
    if (event.kind === "result" && channel) {
      hasResult = true;
      spawned.endStdin();
    }
  }

  function settle(): void {
    if (isSettled) return;
    isSettled = true;
    for (const timer of timers) clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    channel?.close();
    if (handlerError) {
      params.reject(handlerError.error);
      return;
    }
    facts.stderr = stderrTail.toString();
    const outcome = buildOutcome({
      facts,
      startedAt: params.startedAt,
      pid,
      text: textBuilder.text(),
      stdoutSnippet: stdoutTail.toString(),
      invalidLineCount,
      diagnostics,
    });
    params.resolve(outcome);
  }

  const splitter = createLineSplitter(handleLine);
  const isConversation = options.conversation !== undefined;
  if (!isConversation) startTimeout();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  spawned = getProcessHost().spawn(
    {
      bin: options.bin,
      args: options.args,
      cwd: options.cwd,
      env: options.env,
      stdin: isConversation ? "" : (options.prompt as string),
      keepStdinOpen: isConversation,
      // Agents are batch work: niced (19 unless configured) so Arbor's UI and relay stay responsive.
      niceness: getConfig().agentNiceness,
      pipeGraceMs: graceMs,
    },
    {
      onStart(startedPid) {
        pid = startedPid;
        if (deferredSignal) signalGroup(deferredSignal);
        options.onStart?.(startedPid);
      },
      onSpawnError(failure) {
        facts.spawnError = toSpawnError({ failure, cwd: options.cwd });
        settle();
      },
      onStdout(chunk) {
        const bytes = toBuffer(chunk);
        facts.sawOutput = true;
        stdoutTail.push(bytes);
        splitter.push(bytes);
      },
      onStderr(chunk) {
        stderrTail.push(toBuffer(chunk));
      },
      onStdinError(code) {
        // EPIPE: the CLI exited (or closed stdin) before reading what Arbor wrote; its exit status tells why.
        diagnostics.push(`stdin: ${code}`);
      },
      onExit(code, signal) {
        facts.exitCode = code;
        facts.signal = signal;
      },
      onClose() {
        splitter.end();
        settle();
      },
    },
  );
  channel = options.conversation
    ? createConversationChannel({
        conversation: options.conversation,
        write: (line) => spawned.writeStdin(line),
        diagnostics,
      })
    : null;
  if (isConversation) {
    Promise.resolve(options.prompt).then(
      (prompt) => {
        if (isSettled || isStopping) return;
        isPromptSent = true;
        spawned.writeStdin(userMessageLine(prompt));
        startTimeout();
      },
      (error: unknown) => {
        handlerError ??= { error };
        stop({ first: "SIGKILL", reason: "the prompt could not be built" });
      },
    );
  }
}

function toBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
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

function toSpawnError(params: { failure: SpawnFailure; cwd: string }): { code: string | null; message: string } {
  // spawn reports a missing cwd as ENOENT of the binary; tell the two apart.
  if (params.failure.code === "ENOENT" && !existsSync(params.cwd)) {
    return { code: "ENOENT_CWD", message: `the working directory ${params.cwd} does not exist` };
  }
  return params.failure;
}
