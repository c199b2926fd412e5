import { startAutoUpkeep, type UpkeepContext } from "./auto-upkeep.ts";
import { findMemorySummary } from "./memory-summary.ts";

/** What a conversation asks of memory, on the runtime context as `memory`: lib/chat reaches memory only through it. */
export interface MemoryPort {
  /** The session's newest model summary, which its prompt builds on; null before the first. */
  summaryOf(sessionId: string): ReturnType<typeof findMemorySummary>;
  /** A run ended: the session's automatic upkeep (summary, Lighten) starts in the background. */
  startUpkeep(sessionId: string): void;
}

export function createMemoryPort(ctx: UpkeepContext): MemoryPort {
  return {
    summaryOf: (sessionId) => findMemorySummary(ctx.db, sessionId),
    startUpkeep: (sessionId) => startAutoUpkeep(ctx, { sessionId }),
  };
}
