import os from "node:os";
import type { MachineFacts } from "./agent-concurrency.ts";

/**
 * This machine now: its cores, its free memory (Linux's MemAvailable) and, when CLIs are warm, their
 * average resident memory as one agent's footprint.
 */
export function readMachineFacts(warm: { count: number; rssBytes: number }): MachineFacts {
  return {
    cores: os.availableParallelism(),
    freeMemoryBytes: os.freemem(),
    ...(warm.count > 0 && warm.rssBytes > 0 ? { agentFootprintBytes: Math.round(warm.rssBytes / warm.count) } : {}),
  };
}
