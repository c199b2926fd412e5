import { listAttention } from "@/lib/chat/attention/list-attention.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { withPlanNodeLabels } from "@/lib/plan-runs/plan-node-labels.ts";

// GET /api/attention – every pinned repository's worktrees, most in need of the user first; a plan node's
// worktree is named by its node
export const GET = withErrorHandling(async () => {
  const ctx = getRuntimeContext();
  return Response.json({ items: await withPlanNodeLabels(ctx.db, await listAttention(ctx)) });
});
