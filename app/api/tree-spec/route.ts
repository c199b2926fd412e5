import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { buildRepoDashboard } from "@/lib/plans/build-dashboard.ts";
import { designTreeSchema } from "@/lib/plans/plan-types.ts";
import { saveTreeSpec } from "@/lib/plans/plans-store.ts";

/** baseVersion: the tree version the edit started from (null when the plan had no tree); a stale one gets 409. */
const saveSchema = z.object({
  planId: z.string().uuid(),
  tree: designTreeSchema,
  baseVersion: z.number().int().min(1).nullable(),
});

// POST /api/tree-spec – save a plan's whole design tree atomically, then rescan against it; its run follows it
export const POST = withErrorHandling(async (request: Request) => {
  const { planId, tree, baseVersion } = await parseJsonBody(request, saveSchema);
  const ctx = getRuntimeContext();
  const plan = await saveTreeSpec(ctx.db, { planId, tree, baseVersion });
  // A running plan follows its tree: added nodes join, removed ones end (lib/plans/run/follow-tree.ts).
  ctx.planRuns.kick(planId);
  return Response.json({
    plan,
    dashboard: await buildRepoDashboard(ctx.db, { repoId: plan.repoId, planId }),
  });
});
