import { processSingleton, replaceProcessSingleton } from "@/lib/runtime/process-singleton.ts";
import { createLocalProcessHost } from "./local-process-host.ts";
import type { ProcessHost } from "./types.ts";

const KEY = "process-host";

/**
 * The ProcessHost every claude, git and gh process goes through. Arbor's server installs a remote
 * host at start-up; anything else (tests, benchmarks, the `arbor` command) gets a local one.
 */
export function getProcessHost(): ProcessHost {
  return processSingleton<ProcessHost>(KEY, createLocalProcessHost);
}

export function installProcessHost(host: ProcessHost): void {
  replaceProcessSingleton(KEY, host);
}
