// Before any schema is built: no eval probe in the browser (see zod-in-browser.ts).
import "@/lib/realtime/zod-in-browser.ts";
import { z } from "zod";

/**
 * A request a running agent is waiting on (a tool to allow, questions, a plan), as the browser
 * shows it: part of the WebSocket protocol (run events `approval_requested`/`approval_resolved`)
 * and of GET /api/approvals. lib/approvals creates and answers them.
 */
export const approvalStatusSchema = z.enum(["pending", "allowed", "denied", "expired", "withdrawn", "closed"]);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

export const toolRuleSchema = z.object({ toolName: z.string(), ruleContent: z.string().nullable() });
/** A rule "Allow always" saves: `Bash(npm test *)` is { toolName: "Bash", ruleContent: "npm test *" }. */
export type ToolRule = z.infer<typeof toolRuleSchema>;

export const fileChangePreviewSchema = z.object({
  path: z.string(),
  /** The file's text now (null: it does not exist yet, or could not be read; see note). */
  before: z.string().nullable(),
  /** The text after the edit (null: Arbor could not apply it; see note). */
  after: z.string().nullable(),
  /** Either side was cut to the preview limit. */
  isTruncated: z.boolean(),
  note: z.string().nullable(),
});
/** A file edit's before and after, for the approval card's diff. */
export type FileChangePreview = z.infer<typeof fileChangePreviewSchema>;

export const approvalViewSchema = z.object({
  id: z.string(),
  runId: z.string(),
  sessionId: z.string(),
  repoId: z.string(),
  worktreePath: z.string(),
  kind: z.enum(["tool", "question", "plan"]),
  toolName: z.string(),
  input: z.record(z.string(), z.unknown()),
  description: z.string().nullable(),
  /** Claude Code's reason for asking ("This command requires approval"). */
  reason: z.string().nullable(),
  /** What "Allow always" would save (null: not offered, e.g. questions and plans). */
  alwaysRules: z.array(toolRuleSchema).nullable(),
  preview: fileChangePreviewSchema.nullable(),
  status: approvalStatusSchema,
  answeredBy: z.string().nullable(),
  /** One line about the answer: "Allowed once", "Denied: not here", "No answer within 30 min". */
  outcome: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When Arbor read the request from the CLI (ms since epoch): the start of the relay to the browser. */
  askedAt: z.number().nullable(),
});
export type ApprovalView = z.infer<typeof approvalViewSchema>;
export type ApprovalKind = ApprovalView["kind"];
