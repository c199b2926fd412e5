/** The most agents Arbor runs at once, however large the machine; the `maxConcurrentRuns` setting's ceiling too. */
export const MAX_CONCURRENCY = 32;

/** A `claude` CLI measured on this machine holds about 200 MB resident while it works. */
export const MEASURED_AGENT_FOOTPRINT_BYTES = 200 * 1024 * 1024;

/**
 * Agents per core. An agent mostly waits on the model, but the tools it runs (tests, builds, git)
 * want a core while they run; two per core keeps those from queueing behind each other, and gives
 * 4 on a 2-core machine, the fixed limit Arbor used to have and that machine handled.
 */
export const AGENTS_PER_CORE = 2;

/**
 * The share of free memory given to the agents' CLIs. The rest is headroom for what they start
 * (a test runner or a build can take far more than the CLI itself), Arbor and the page cache.
 */
export const MEMORY_SHARE_FOR_AGENTS = 0.5;

const MB = 1024 * 1024;

/** What the default is derived from. */
export interface MachineFacts {
  cores: number;
  freeMemoryBytes: number;
  /** One agent's resident memory, measured on the warm CLIs when there are any. */
  agentFootprintBytes?: number;
}

/**
 * How many agents run at once by default (across worktrees, and in a plan): min(cores × 2, half the free memory ÷ one
 * agent's footprint), at least 1 (a plan always moves) and at most MAX_CONCURRENCY. The
 * explanation is shown beside the number, so the user sees what limits it.
 */
export function defaultConcurrency(input: { cores: number; freeMemoryBytes: number; agentFootprintBytes?: number }): {
  concurrency: number;
  explanation: string;
} {
  const cores = Math.max(1, Math.floor(input.cores));
  const footprint =
    input.agentFootprintBytes && input.agentFootprintBytes > 0
      ? input.agentFootprintBytes
      : MEASURED_AGENT_FOOTPRINT_BYTES;
  const free = Math.max(0, input.freeMemoryBytes);
  const byCores = cores * AGENTS_PER_CORE;
  const byMemory = Math.floor((free * MEMORY_SHARE_FOR_AGENTS) / footprint);
  const concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, Math.min(byCores, byMemory)));
  const coresPart = `${cores} ${cores === 1 ? "core allows" : "cores allow"} ${byCores} (${AGENTS_PER_CORE} per core)`;
  const memoryPart = `${formatBytes(free)} free memory allows ${byMemory} (half of it, at ${formatBytes(footprint)} per agent)`;
  const floor = byMemory < 1 ? "; at least 1 always runs" : "";
  const ceiling = Math.min(byCores, byMemory) > MAX_CONCURRENCY ? `; at most ${MAX_CONCURRENCY}` : "";
  return {
    concurrency,
    explanation: `${concurrency} ${concurrency === 1 ? "agent" : "agents"} at once: ${coresPart}, ${memoryPart}${floor}${ceiling}.`,
  };
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * MB ? `${(bytes / (1024 * MB)).toFixed(1)} GB` : `${Math.round(bytes / MB)} MB`;
}

/** How many agents run at once, and why that many. */
export interface AgentsAtOnce {
  concurrency: number;
  explanation: string;
  /** No number is set: the machine decides. */
  isFromMachine: boolean;
}

/**
 * The limit in force: the `maxConcurrentRuns` setting when the user set one, else the machine's
 * default, with a sentence saying where it comes from (shown in Settings and a plan's run).
 */
export function agentsAtOnce(setting: number | null, machine: MachineFacts): AgentsAtOnce {
  if (setting !== null) {
    const concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, setting));
    return {
      concurrency,
      explanation: `${concurrency} ${concurrency === 1 ? "agent" : "agents"} at once, as set in Settings.`,
      isFromMachine: false,
    };
  }
  return { ...defaultConcurrency(machine), isFromMachine: true };
}
