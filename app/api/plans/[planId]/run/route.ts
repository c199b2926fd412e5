import { z } from "zod";
import { MAX_CONCURRENCY } from "@/lib/agent/agent-concurrency.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";
import { PLAN_PERMISSION_MODES } from "@/lib/plans/run/plan-run-record.ts";

const paramsSchema = z.object({ planId: z.string().uuid() });
const bodySchema = z
  .object({
    concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).nullable().optional(),
    autoLand: z.boolean().optional(),
    permissionMode: z.enum(PLAN_PERMISSION_MODES).optional(),
    budgetUsd: z.number().nullable().optional(),
    // Checked whole by the runner (parseSandboxDomains), which says which entry is not a domain.
    allowedDomains: z.union([z.string().max(20_000), z.array(z.string().max(300)).max(500)]).optional(),
    startFromParentBranch: z.array(z.string().min(1).max(60)).max(200).optional(),
  })
  .strict();
const route = { params: paramsSchema, repo: ({ params }: { params: { planId: string } }) => params };

// POST /api/plans/:planId/run – run the plan's design tree (or resume it, with the options given)
export const POST = withLocalRepo({ ...route, body: bodySchema }, async ({ ctx, params, body }) =>
  Response.json({ run: await ctx.planRuns.start(params.planId, body) }, { status: 200 }),
);

// GET /api/plans/:planId/run – the plan run: its options and every node's state, branch, runs and cost
export const GET = withLocalRepo(route, async ({ ctx, params }) =>
  Response.json({ run: await ctx.planRuns.view(params.planId) }),
);

// DELETE /api/plans/:planId/run – pause: nothing new starts or lands; running agents finish their run
export const DELETE = withLocalRepo(route, async ({ ctx, params }) =>
  Response.json({ run: await ctx.planRuns.pause(params.planId) }),
);
