import { z } from "zod";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";
import { requireBrowser } from "@/lib/http/actor.ts";
import { offerRunner, readRunnerOffer, withdrawRunner } from "@/lib/runners/runner-offers.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });
// Checked whole by offerRunner, so a wrong value gets the sentence that says what slots are.
const offerSchema = z.object({ slots: z.unknown() }).strict();

// GET /api/repos/:repoId/runner – whether this Arbor runs the team's plan nodes on this clone, and how many at once
export const GET = withLocalRepo({ params: paramsSchema, repo: ({ params }) => params }, async ({ ctx, params }) =>
  Response.json({ runner: await readRunnerOffer(ctx.db, { repoId: params.repoId }) }),
);

// PUT /api/repos/:repoId/runner – offer this clone to the team's plans, `slots` agents at once (a trusted clone with an origin)
export const PUT = withLocalRepo(
  { params: paramsSchema, body: offerSchema, repo: ({ params }) => params },
  async ({ ctx, request, params, body }) => {
    // Other Arbors' plans then run agents on this machine: a signed-in person decides, not a token.
    requireBrowser(request);
    return Response.json({ runner: await offerRunner(ctx.db, { repoId: params.repoId, slots: body.slots }) });
  },
);

// DELETE /api/repos/:repoId/runner – take the offer back (nodes running here finish)
export const DELETE = withLocalRepo(
  { params: paramsSchema, repo: ({ params }) => params },
  async ({ ctx, request, params }) => {
    requireBrowser(request);
    await withdrawRunner(ctx.db, { repoId: params.repoId });
    return Response.json({ runner: null });
  },
);
