import { afterAll, beforeAll } from "vitest";
import { childEnv } from "@/lib/process-host/child-env-source.ts";
import { installProcessHost } from "@/lib/process-host/current-process-host.ts";
import { createLocalProcessHost } from "@/lib/process-host/local-process-host.ts";
import { startRemoteProcessHost } from "@/lib/process-host/remote-process-host.ts";
import type { ProcessHost } from "@/lib/process-host/types.ts";
import { PROCESS_HOST_ENTRY } from "./process-host-entry.ts";

/**
 * Installs a process host for the tests of the enclosing describe: "local" starts processes in
 * the test process, "remote" through the forked host the server uses.
 */
export function useProcessHost(kind: "local" | "remote"): { current: () => ProcessHost } {
  let host: ProcessHost | undefined;
  beforeAll(() => {
    host =
      kind === "remote"
        ? startRemoteProcessHost({ entry: PROCESS_HOST_ENTRY, env: childEnv("process-host") })
        : createLocalProcessHost();
    installProcessHost(host);
  });
  afterAll(async () => {
    await host?.close();
    installProcessHost(createLocalProcessHost());
  });
  return {
    current: () => {
      if (!host) throw new Error("useProcessHost: the host is installed in beforeAll");
      return host;
    },
  };
}
