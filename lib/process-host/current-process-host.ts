import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { createLocalProcessHost } from "./local-process-host.ts";
import type { ProcessHost } from "./types.ts";

/**
 * What starts every claude, git and gh process, and the values none of their environments may
 * contain beside the access token (the server's hook token): one slot, since both are read under
 * every process start and installed together at boot.
 */
const processesState = defineProcessState<{ host: ProcessHost; secrets: readonly string[] }>("processHost", () => ({
  host: createLocalProcessHost(),
  secrets: [],
}));

/**
 * The ProcessHost every claude, git and gh process goes through. Arbor's server installs a remote
 * host at start-up; anything else (tests, benchmarks, the `arbor` command) gets a local one.
 */
export function getProcessHost(): ProcessHost {
  return processesState.get().host;
}

export function installProcessHost(host: ProcessHost): void {
  processesState.get().host = host;
}

/** The installed secrets (see installChildEnvSecrets). */
export function readChildEnvSecrets(): readonly string[] {
  return processesState.get().secrets;
}

/**
 * Installs the secrets beside the access token (which the configuration holds) that no child's
 * environment may contain: the server installs its hook token (and the team's key) at boot.
 */
export function installChildEnvSecrets(secrets: readonly string[]): void {
  processesState.get().secrets = secrets;
}
