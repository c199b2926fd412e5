import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { toApprovalView } from "./approval-rows.ts";

/**
 * Requests of a session, a repository or all of Arbor: the pending ones (what agents wait on, for
 * the cards, the tab title and the inbox), or the latest 200 of a session or repository.
 */
export async function listApprovals(
  db: Db,
  input: { sessionId?: string | undefined; repoId?: string | undefined; status: "pending" | "all" },
): Promise<ApprovalView[]> {
  if (!input.sessionId && !input.repoId && input.status !== "pending") {
    throw new AppError("invalid_input", "Give a sessionId or a repoId to list answered requests too.");
  }
  const rows = await db.approvalRequest.findMany({
    where: {
      ...(input.sessionId ? { sessionId: input.sessionId } : {}),
      ...(input.repoId ? { repoId: input.repoId } : {}),
      ...(input.status === "pending" ? { status: "pending" } : {}),
    },
    orderBy: { createdAt: input.status === "pending" ? "asc" : "desc" },
    take: 200,
  });
  return rows.map(toApprovalView);
}
