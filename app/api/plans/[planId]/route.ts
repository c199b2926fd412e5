import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { deletePlan } from "@/lib/plans/delete-plan.ts";
import { getPlanOrThrow, updatePlan } from "@/lib/plans/plans-store.ts";

type Context = { params: Promise<{ planId: string }> };
const paramsSchema = z.object({ planId: z.string().uuid() });
const patchSchema = z.object({
  /** The plan version the edit started from; a stale one gets 409 and nothing is written. */
  baseVersion: z.number().int().min(1),
  title: z.string().max(200).optional(),
  goal: z.string().max(2000).optional(),
  bodyMarkdown: z.string().max(200_000).optional(),
});
const deleteSchema = z.object({
  /** The design wizard discarding the plan it created: refused once the plan has a tree. */
  draft: z.enum(["1"]).optional(),
});

// GET /api/plans/:planId – one plan with its design tree
export const GET = withErrorHandling(async (_request: Request, context: Context) => {
  const { planId } = paramsSchema.parse(await context.params);
  return Response.json({ plan: await getPlanOrThrow(getRuntimeContext().db, planId) });
});

// PATCH /api/plans/:planId – edit title, goal or body (optimistic: baseVersion must be current)
export const PATCH = withErrorHandling(async (request: Request, context: Context) => {
  const { planId } = paramsSchema.parse(await context.params);
  return Response.json({
    plan: await updatePlan(getRuntimeContext().db, { planId, ...(await parseJsonBody(request, patchSchema)) }),
  });
});

// DELETE /api/plans/:planId[?draft=1] – delete a plan and its tree (refused while it has open decisions or tasks)
export const DELETE = withErrorHandling(async (request: Request, context: Context) => {
  const { planId } = paramsSchema.parse(await context.params);
  const { draft } = parseSearchParams(request, deleteSchema);
  return Response.json(await deletePlan(getRuntimeContext().db, { planId, onlyWithoutTree: draft === "1" }));
});
