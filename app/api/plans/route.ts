import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { createPlan, listPlans } from "@/lib/plans/plans-store.ts";

const listSchema = z.object({ repoId: z.string().uuid() });
const createSchema = z.object({
  repoId: z.string().uuid(),
  title: z.string().min(1, "Give the plan a title").max(200),
  goal: z.string().max(2000).optional(),
  bodyMarkdown: z.string().max(200_000).optional(),
});

// GET /api/plans?repoId=… – the repository's plans, most recently changed first
export const GET = withErrorHandling(async (request: Request) => {
  return Response.json({ plans: await listPlans(getRuntimeContext().db, parseSearchParams(request, listSchema)) });
});

// POST /api/plans – create a plan from the template
export const POST = withErrorHandling(async (request: Request) => {
  return Response.json(
    { plan: await createPlan(getRuntimeContext().db, await parseJsonBody(request, createSchema)) },
    { status: 201 },
  );
});
