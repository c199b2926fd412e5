import { fork, type ChildProcess } from "node:child_process";
import { killProcessGroupQuietly } from "./kill-process-group.ts";
import type { HostReply, HostRequest } from "./protocol.ts";
import type { ProcessHost, SpawnedProcess, SpawnListener, SpawnRequest } from "./types.ts";

interface PendingSpawn {
  listener: SpawnListener;
  pid: number | null;
}

interface PendingGit {
  resolve: (stdout: string) => void;
  reject: (error: Error) => void;
}

/**
 * A ProcessHost whose processes are started by a small child Node process (`entry`, see
 * server/process-host/), so that fork() never blocks the server's event loop. Requests and
 * replies travel over the IPC channel. When the host dies, in-flight runs end as killed, git
 * calls fail with a clear message, and the next request starts a new host. When the server dies,
 * the host notices the closed channel, kills everything it started and exits.
 */
export function startRemoteProcessHost(input: {
  entry: string;
  /** The host's own environment (buildChildEnv's "process-host"): it starts every child with an env of its own. */
  env: Record<string, string>;
  onError?: (message: string) => void;
}): ProcessHost {
  const spawns = new Map<number, PendingSpawn>();
  const gitCalls = new Map<number, PendingGit>();
  let child: ChildProcess | null = null;
  let nextId = 1;
  let isClosed = false;

  function ensureChild(): ChildProcess {
    if (child) return child;
    const started = fork(input.entry, [], {
      serialization: "advanced",
      env: input.env as NodeJS.ProcessEnv,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      execArgv: [],
    });
    started.on("message", (reply: HostReply) => dispatch(reply));
    started.on("error", (error) => input.onError?.(`process host: ${error.message}`));
    started.once("exit", (code, signal) => {
      if (child === started) child = null;
      failInFlight(`Arbor's process host exited (${signal ?? `code ${code}`})`);
    });
    child = started;
    return started;
  }

  function send(request: HostRequest): void {
    if (isClosed) throw new Error("Arbor is shutting down; no new process can be started.");
    ensureChild().send(request);
  }

  function dispatch(reply: HostReply): void {
    if (reply.type === "git_done" || reply.type === "git_failed") {
      const call = gitCalls.get(reply.id);
      gitCalls.delete(reply.id);
      if (reply.type === "git_done") call?.resolve(reply.stdout);
      else call?.reject(new Error(reply.message));
      return;
    }
    const pending = spawns.get(reply.id);
    if (!pending) return;
    const { listener } = pending;
    switch (reply.type) {
      case "start":
        pending.pid = reply.pid;
        listener.onStart(reply.pid);
        return;
      case "spawn_error":
        spawns.delete(reply.id);
        listener.onSpawnError(reply.failure);
        return;
      case "stdout":
        listener.onStdout(reply.chunk);
        return;
      case "stderr":
        listener.onStderr(reply.chunk);
        return;
      case "stdin_error":
        listener.onStdinError(reply.code);
        return;
      case "exit":
        listener.onExit(reply.code, reply.signal);
        return;
      case "close":
        spawns.delete(reply.id);
        listener.onClose();
        return;
    }
  }

  function failInFlight(reason: string): void {
    for (const [id, { listener, pid }] of spawns) {
      spawns.delete(id);
      if (pid === null) {
        listener.onSpawnError({ code: null, message: `${reason} before the process started` });
        continue;
      }
      killProcessGroupQuietly(pid);
      listener.onExit(null, "SIGKILL");
      listener.onClose();
    }
    for (const [id, call] of gitCalls) {
      gitCalls.delete(id);
      call.reject(new Error(`${reason}; the git command did not complete. Try again.`));
    }
  }

  ensureChild();
  return {
    spawn(request: SpawnRequest, listener: SpawnListener): SpawnedProcess {
      const id = nextId++;
      spawns.set(id, { listener, pid: null });
      try {
        send({ type: "spawn", id, request });
      } catch (error) {
        spawns.delete(id);
        listener.onSpawnError({ code: null, message: (error as Error).message });
      }
      // Writes after the process is gone are dropped: the host no longer knows the id.
      const forward = (message: HostRequest) => {
        if (spawns.has(id) && !isClosed) ensureChild().send(message);
      };
      return {
        writeStdin: (text) => forward({ type: "stdin", id, text }),
        endStdin: () => forward({ type: "stdin_end", id }),
      };
    },
    git(args: string[], env: Record<string, string>) {
      return new Promise<string>((resolve, reject) => {
        const id = nextId++;
        gitCalls.set(id, { resolve, reject });
        try {
          send({ type: "git", id, args, env });
        } catch (error) {
          gitCalls.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    async close() {
      isClosed = true;
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
      current.disconnect();
      await exited;
    },
  };
}
