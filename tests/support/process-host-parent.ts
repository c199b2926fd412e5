// A stand-in for Arbor's server in the process-host tests: starts a remote process host, has it
// spawn `sleep 600`, prints that process's pid and waits to be killed.
import { tmpdir } from "node:os";
import { childEnv } from "@/lib/process-host/child-env-source.ts";
import { startRemoteProcessHost } from "@/lib/process-host/remote-process-host.ts";
import { PROCESS_HOST_ENTRY } from "./process-host-entry.ts";

const host = startRemoteProcessHost({ entry: PROCESS_HOST_ENTRY, env: childEnv("process-host") });
host.spawn(
  { bin: "sleep", args: ["600"], cwd: tmpdir(), env: { PATH: process.env.PATH }, stdin: "", pipeGraceMs: 1000 },
  {
    onStart: (pid) => console.log(`${pid}`),
    onSpawnError: (failure) => {
      console.error(failure.message);
      process.exit(1);
    },
    onStdout: () => {},
    onStderr: () => {},
    onStdinError: () => {},
    onExit: () => {},
    onClose: () => {},
  },
);
