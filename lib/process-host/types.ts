/** What Arbor needs from whoever starts its child processes (docs/decisions/0004-the-process-host.md). */
export interface ProcessHost {
  /**
   * Starts `bin args` without a shell, in its own process group, with exactly `env`. Every
   * outcome arrives through `listener`, in order: onStart or onSpawnError first, then output,
   * onExit and onClose. The returned handle writes to stdin while it is kept open.
   */
  spawn(request: SpawnRequest, listener: SpawnListener): SpawnedProcess;
  /** Runs `git <args>` through simple-git with exactly `env`, and resolves with stdout; rejects with git's message. */
  git(args: string[], env: Record<string, string>): Promise<string>;
  /** Stops the host; processes it started are killed. */
  close(): Promise<void>;
}

export interface SpawnRequest {
  bin: string;
  args: string[];
  cwd: string;
  /** The complete child environment; nothing else is inherited (undefined entries are left out). */
  env: Record<string, string | undefined>;
  /** Written to stdin first; stdin is then closed, unless `keepStdinOpen`. */
  stdin: string;
  /** Leave stdin open for `SpawnedProcess.writeStdin` (a conversation over stream-json). */
  keepStdinOpen?: boolean;
  /** CPU niceness (0–19) applied as soon as the process exists. */
  niceness?: number;
  /**
   * When the leader exits, the rest of its process group is SIGKILLed; pipes an escaped
   * grandchild still holds open are closed after this long.
   */
  pipeGraceMs: number;
}

/** A started process's stdin, for protocols that keep talking to it (claude's stream-json input). */
export interface SpawnedProcess {
  /** Writes to stdin; ignored once stdin is closed or the process is gone (onStdinError reports failures). */
  writeStdin(text: string): void;
  /** Closes stdin (EOF); idempotent. */
  endStdin(): void;
}

export interface SpawnFailure {
  /** errno code such as ENOENT or EACCES, when there is one. */
  code: string | null;
  message: string;
}

export interface SpawnListener {
  onStart(pid: number): void;
  onSpawnError(failure: SpawnFailure): void;
  onStdout(chunk: Uint8Array): void;
  onStderr(chunk: Uint8Array): void;
  /** stdin could not be written (EPIPE: the process exited before reading it). */
  onStdinError(code: string): void;
  onExit(code: number | null, signal: NodeJS.Signals | null): void;
  /** The process has exited and its pipes are closed; nothing follows. */
  onClose(): void;
}
