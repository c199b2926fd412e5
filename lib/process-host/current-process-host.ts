import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { createLocalProcessHost } from "./local-process-host.ts";
import type { ProcessHost } from "./types.ts";

const processHostState = defineProcessState<ProcessHost>("processHost", createLocalProcessHost);

/**
 * The ProcessHost every claude, git and gh process goes through. Arbor's server installs a remote
 * host at start-up; anything else (tests, benchmarks, the `arbor` command) gets a local one.
 */
export function getProcessHost(): ProcessHost {
  return processHostState.get();
}

export function installProcessHost(host: ProcessHost): void {
  processHostState.replace(host);
}
