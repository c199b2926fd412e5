import type { Db } from "@/lib/db/client.ts";
import { buildPlanContext } from "./plan-context.ts";

/** What a conversation asks of plans, on the runtime context as `plans`: lib/chat reaches plans only through it. */
export interface PlansPort {
  /** The plan a prompt carries for the worktree's branch, with the design's warnings and the branch's node. */
  contextFor(input: Parameters<typeof buildPlanContext>[1]): ReturnType<typeof buildPlanContext>;
}

export function createPlansPort(ctx: { db: Db }): PlansPort {
  return { contextFor: (input) => buildPlanContext(ctx.db, input) };
}
