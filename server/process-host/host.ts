// Arbor's process host: a small Node process that starts every claude, git and gh process for the
// server, so that fork() (synchronous, and slower the more memory the caller has) never blocks
// the server's event loop. It serves HostRequests over the IPC channel and exits, killing what it
// started, as soon as the server goes away.
import { createLocalProcessHost } from "@/lib/process-host/local-process-host.ts";
import type { HostReply, HostRequest } from "@/lib/process-host/protocol.ts";
import type { SpawnedProcess } from "@/lib/process-host/types.ts";

const host = createLocalProcessHost();
/** stdin of the processes that keep it open, by request id. */
const stdins = new Map<number, SpawnedProcess>();

function reply(message: HostReply): void {
  if (!process.connected) return;
  process.send?.(message);
}

function serve(request: HostRequest): void {
  const { id } = request;
  if (request.type === "git") {
    host.git(request.args, request.env).then(
      (stdout) => reply({ type: "git_done", id, stdout }),
      (error: unknown) =>
        reply({ type: "git_failed", id, message: error instanceof Error ? error.message : String(error) }),
    );
    return;
  }
  if (request.type === "stdin") {
    stdins.get(id)?.writeStdin(request.text);
    return;
  }
  if (request.type === "stdin_end") {
    stdins.get(id)?.endStdin();
    return;
  }
  let isDone = false;
  const spawned = host.spawn(request.request, {
    onStart: (pid) => reply({ type: "start", id, pid }),
    onSpawnError: (failure) => {
      isDone = true;
      reply({ type: "spawn_error", id, failure });
    },
    onStdout: (chunk) => reply({ type: "stdout", id, chunk }),
    onStderr: (chunk) => reply({ type: "stderr", id, chunk }),
    onStdinError: (code) => reply({ type: "stdin_error", id, code }),
    onExit: (code, signal) => reply({ type: "exit", id, code, signal }),
    onClose: () => {
      isDone = true;
      stdins.delete(id);
      reply({ type: "close", id });
    },
  });
  if (request.request.keepStdinOpen && !isDone) stdins.set(id, spawned);
}

if (!process.send) {
  console.error("[arbor] the process host must be started by the Arbor server (it talks over IPC).");
  process.exit(2);
}
process.on("message", (request: HostRequest) => serve(request));
process.on("disconnect", () => {
  host.killAll();
  process.exit(0);
});
// The server decides when Arbor stops; a terminal's Ctrl+C reaches the whole process group.
process.on("SIGINT", () => {});
