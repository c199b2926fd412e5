// Before any schema is built: no eval probe in the browser (see zod-in-browser.ts).
import "@/lib/realtime/zod-in-browser.ts";
import { z } from "zod";

export const ALWAYS_SCOPES = ["worktree", "repo", "global"] as const;
export type AlwaysScope = (typeof ALWAYS_SCOPES)[number];

/** Modes a plan can continue in once approved (bypass only in trusted repositories). */
export const PLAN_CONTINUE_MODES = ["default", "acceptEdits", "bypassPermissions"] as const;

/** The user's answer, as the browser (or an API client) sends it. */
export const approvalDecisionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("allow_once") }),
  z.object({ action: z.literal("allow_always"), scope: z.enum(ALWAYS_SCOPES) }),
  z.object({ action: z.literal("deny"), message: z.string().trim().max(4000).optional() }),
  /** AskUserQuestion: each question's text → the chosen label(s) (comma-separated for multi-select) or free text. */
  z.object({
    action: z.literal("answer"),
    answers: z.record(z.string().max(2000), z.string().trim().min(1).max(4000)),
  }),
  z.object({ action: z.literal("approve_plan"), mode: z.enum(PLAN_CONTINUE_MODES) }),
  z.object({ action: z.literal("keep_planning"), feedback: z.string().trim().min(1).max(8000) }),
]);
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;
