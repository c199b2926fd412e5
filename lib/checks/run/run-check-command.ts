import { childEnv } from "@/lib/process-host/child-env-source.ts";
import { getProcessHost } from "@/lib/process-host/current-process-host.ts";
import { killProcessGroupQuietly } from "@/lib/process-host/kill-process-group.ts";
import { createBoundedOutput } from "./bounded-output.ts";

/** What a check keeps of its output: its first and last bytes (a failure is reported at one end or the other). */
export const OUTPUT_HEAD_BYTES = 8 * 1024;
export const OUTPUT_TAIL_BYTES = 56 * 1024;

/** Checks are batch work: below the server and the user's terminal, above the agents (19). */
const CHECK_NICENESS = 10;

export interface CheckCommandResult {
  exitCode: number | null;
  signal: string | null;
  isTimedOut: boolean;
  isCancelled: boolean;
  /** The program could not start at all (no `sh`): the errno's message. */
  spawnError: string | null;
  output: string;
  droppedBytes: number;
}

/**
 * Runs a check's command as the repository's shell would: `/bin/sh -c <command>` (the shell is the
 * check's own program, argv only: nothing of Arbor's is a shell string), in `cwd`, through the
 * process host, niced, with the allow-listed environment of a repository's own commands. Past
 * `timeoutSeconds`, or when `signal` aborts, its whole process group is killed. Never rejects.
 * `preamble` is written first, as if the command had, so it is kept and streamed with its output.
 */
export function runCheckCommand(input: {
  command: string;
  cwd: string;
  timeoutSeconds: number;
  signal: AbortSignal;
  preamble?: string;
  onOutput: (text: string) => void;
}): Promise<CheckCommandResult> {
  const output = createBoundedOutput({ headBytes: OUTPUT_HEAD_BYTES, tailBytes: OUTPUT_TAIL_BYTES });
  const decoder = new TextDecoder();
  if (input.preamble) {
    output.push(Buffer.from(input.preamble));
    input.onOutput(input.preamble);
  }
  if (input.signal.aborted)
    return Promise.resolve({
      ...{ exitCode: null, signal: null, isTimedOut: false, isCancelled: true, spawnError: null },
      ...{ output: output.toString(), droppedBytes: output.droppedBytes },
    });
  return new Promise((resolve) => {
    let pid: number | null = null;
    let isTimedOut = false;
    let isCancelled = false;
    let exit: { code: number | null; signal: string | null } = { code: null, signal: null };
    const kill = () => {
      if (pid !== null) killProcessGroupQuietly(pid);
    };
    const timer = setTimeout(() => {
      isTimedOut = true;
      kill();
    }, input.timeoutSeconds * 1000);
    const cancel = () => {
      isCancelled = true;
      kill();
    };
    input.signal.addEventListener("abort", cancel, { once: true });
    let isFinished = false;
    const finish = (spawnError: string | null) => {
      if (isFinished) return;
      isFinished = true;
      clearTimeout(timer);
      input.signal.removeEventListener("abort", cancel);
      resolve({
        exitCode: exit.code,
        signal: exit.signal,
        isTimedOut,
        isCancelled,
        spawnError,
        output: output.toString(),
        droppedBytes: output.droppedBytes,
      });
    };
    const onChunk = (chunk: Uint8Array) => {
      output.push(Buffer.from(chunk));
      input.onOutput(decoder.decode(chunk, { stream: true }));
    };
    getProcessHost().spawn(
      {
        bin: "/bin/sh",
        args: ["-c", input.command],
        cwd: input.cwd,
        env: childEnv("setup"),
        stdin: "",
        niceness: CHECK_NICENESS,
        pipeGraceMs: 1000,
      },
      {
        onStart: (startedPid) => {
          pid = startedPid;
          if (isTimedOut || isCancelled || input.signal.aborted) {
            isCancelled ||= input.signal.aborted;
            kill();
          }
        },
        onSpawnError: (failure) => finish(failure.message),
        onStdout: onChunk,
        onStderr: onChunk,
        onStdinError: () => {},
        onExit: (code, signal) => (exit = { code, signal }),
        onClose: () => finish(null),
      },
    );
  });
}
