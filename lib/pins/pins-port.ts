import type { Db } from "@/lib/db/client.ts";
import { resolvePinnedWorktree } from "./resolve-pinned-worktree.ts";

/** What a conversation asks of the pins, on the runtime context as `pins`: lib/chat reaches them only through it. */
export interface PinsPort {
  /** The worktree a path names, when a fresh scan lists it for a pinned repository; AppError otherwise. */
  resolveWorktree(input: Parameters<typeof resolvePinnedWorktree>[1]): ReturnType<typeof resolvePinnedWorktree>;
}

export function createPinsPort(ctx: { db: Db }): PinsPort {
  return { resolveWorktree: (input) => resolvePinnedWorktree(ctx.db, input) };
}
