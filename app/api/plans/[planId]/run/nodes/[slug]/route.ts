import { z } from "zod";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ planId: z.string().uuid(), slug: z.string().min(1).max(60) });
const bodySchema = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["retry", "skip", "stop", "land", "recheck"]) }).strict(),
  z.object({ action: z.literal("edit_spec"), spec: z.string().trim().min(1).max(20_000) }).strict(),
  z.object({ action: z.literal("answer"), message: z.string().trim().min(1).max(100_000) }).strict(),
]);

// POST /api/plans/:planId/run/nodes/:slug – act on one node: retry, skip, stop, land, recheck, edit its spec, answer it
export const POST = withLocalRepo(
  { params: paramsSchema, body: bodySchema, repo: ({ params }) => ({ planId: params.planId }) },
  async ({ ctx, params, body }) => {
    const action =
      body.action === "edit_spec"
        ? { type: body.action, spec: body.spec }
        : body.action === "answer"
          ? { type: body.action, message: body.message }
          : { type: body.action };
    return Response.json({ run: await ctx.planRuns.act(params.planId, params.slug, action) });
  },
);
