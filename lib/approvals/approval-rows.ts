import type { ApprovalRequest } from "@/lib/db/generated/client.ts";
import {
  approvalStatusSchema,
  type ApprovalView,
  type FileChangePreview,
  type ToolRule,
} from "@/lib/realtime/approval-view.ts";
import { alwaysRulesFor, approvalKindOf } from "./classify-request.ts";

/** A stored request as the browser sees it. */
export function toApprovalView(row: ApprovalRequest, askedAt: number | null = null): ApprovalView {
  const suggestions = parseJson<unknown[]>(row.suggestions, []);
  const answer = parseJson<{ outcome?: string } | null>(row.answer, null);
  return {
    id: row.id,
    runId: row.runId,
    sessionId: row.sessionId,
    repoId: row.repoId,
    worktreePath: row.worktreePath,
    kind: approvalKindOf(row.toolName),
    toolName: row.toolName,
    input: parseJson<Record<string, unknown>>(row.input, {}),
    description: row.description,
    reason: row.reason,
    alwaysRules: alwaysRulesFor({ toolName: row.toolName, suggestions }) satisfies ToolRule[] | null,
    preview: parseJson<FileChangePreview | null>(row.preview, null),
    status: approvalStatusSchema.catch("closed").parse(row.status),
    answeredBy: row.answeredBy,
    outcome: answer?.outcome ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    askedAt,
  };
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
