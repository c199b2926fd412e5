import { killProcessGroupQuietly } from "./kill-process-group.ts";
import { getProcessHost } from "./current-process-host.ts";
import { createTailBuffer } from "./tail-buffer.ts";

/** What runProcess keeps of each stream unless told otherwise: its end, so a chatty command cannot fill memory. */
const DEFAULT_MAX_OUTPUT_BYTES = 8 * 1024 * 1024;

export interface ProcessResult {
  stdout: string;
  stderr: string;
  /** A stream wrote more than `maxOutputBytes`: only its end is here (not parseable as a whole). */
  isTruncated: boolean;
}

/** Why a command run by runProcess failed: `code` is the errno (ENOENT…) or null after it ran. */
export class ProcessFailure extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    /** What it wrote before it failed (null when it could not start). */
    readonly output:
      (ProcessResult & { exitCode: number | null; isTimedOut: boolean; isStopped: boolean }) | null = null,
  ) {
    super(message);
  }
}

/**
 * Runs a short command to completion through the process host (no shell, nothing on stdin) and
 * resolves with its output when it exits with status 0. Rejects with a ProcessFailure when it
 * cannot start (ENOENT…), exits non-zero (stderr's first line in the message) or outlives
 * `timeoutMs` (its process group is killed). Of each stream only the last `maxOutputBytes` are
 * kept (8 MiB unless told): a command that writes gigabytes costs no more memory than that.
 */
export function runProcess(input: {
  bin: string;
  args: string[];
  cwd: string;
  /** The command's complete environment (child-env-source.ts's childEnv), never Arbor's own. */
  env: Record<string, string | undefined>;
  timeoutMs: number;
  /** Called with each piece of output (stdout and stderr, as text) while the command runs. */
  onOutput?: (text: string) => void;
  /** The end of each stream kept for the result, in bytes. */
  maxOutputBytes?: number;
  /** Aborting it kills the command's process group (the user stopped it); it then fails as stopped. */
  signal?: AbortSignal;
}): Promise<ProcessResult> {
  const command = [input.bin, ...input.args].join(" ");
  // Stopped before it started: it is not started at all.
  if (input.signal?.aborted)
    return Promise.reject(
      new ProcessFailure(`${command} was stopped`, null, {
        stdout: "",
        stderr: "",
        isTruncated: false,
        exitCode: null,
        isTimedOut: false,
        isStopped: true,
      }),
    );
  return new Promise((resolve, reject) => {
    const stdout = createTailBuffer(input.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES);
    const stderr = createTailBuffer(input.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES);
    let pid: number | null = null;
    let exit: { code: number | null; signal: NodeJS.Signals | null } = { code: null, signal: null };
    let isTimedOut = false;
    // One decoder per stream, so a character split between two chunks is not garbled.
    const decoders = { stdout: new TextDecoder(), stderr: new TextDecoder() };
    let isStopped = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      if (pid !== null) killProcessGroupQuietly(pid);
    }, input.timeoutMs);
    const stop = () => {
      isStopped = true;
      if (pid !== null) killProcessGroupQuietly(pid);
    };
    input.signal?.addEventListener("abort", stop, { once: true });
    getProcessHost().spawn(
      { bin: input.bin, args: input.args, cwd: input.cwd, env: input.env, stdin: "", pipeGraceMs: 1000 },
      {
        onStart: (startedPid) => {
          pid = startedPid;
          if (isTimedOut || isStopped || input.signal?.aborted) killProcessGroupQuietly(startedPid);
        },
        onSpawnError: (failure) => {
          clearTimeout(timer);
          input.signal?.removeEventListener("abort", stop);
          reject(new ProcessFailure(`${command} could not start: ${failure.message}`, failure.code));
        },
        onStdout: (chunk) => {
          stdout.push(Buffer.from(chunk));
          if (input.onOutput) input.onOutput(decoders.stdout.decode(chunk, { stream: true }));
        },
        onStderr: (chunk) => {
          stderr.push(Buffer.from(chunk));
          if (input.onOutput) input.onOutput(decoders.stderr.decode(chunk, { stream: true }));
        },
        onStdinError: () => {},
        onExit: (code, signal) => (exit = { code, signal }),
        onClose: () => {
          clearTimeout(timer);
          input.signal?.removeEventListener("abort", stop);
          const limit = input.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
          const result = {
            stdout: stdout.toString(),
            stderr: stderr.toString(),
            isTruncated: stdout.totalBytes > limit || stderr.totalBytes > limit,
          };
          if (exit.code === 0) return resolve(result);
          const reason = isStopped
            ? "was stopped"
            : isTimedOut
              ? `timed out after ${input.timeoutMs} ms`
              : exit.signal
                ? `was killed (${exit.signal})`
                : `exited with status ${exit.code}`;
          const detail = result.stderr
            .split("\n")
            .find((line) => line.trim() !== "")
            ?.trim();
          reject(
            new ProcessFailure(`${command} ${reason}${detail ? `: ${detail}` : ""}`, null, {
              ...result,
              exitCode: exit.code,
              isTimedOut,
              isStopped,
            }),
          );
        },
      },
    );
  });
}
