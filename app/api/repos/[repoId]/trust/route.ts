import { z } from "zod";
import { readTrustView, revokeTrust, trustRepository } from "@/lib/trust/repo-trust.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });
const trustSchema = z
  .object({ digest: z.string().regex(/^[0-9a-f]{64}$/, "Send back the digest of the inspection you reviewed") })
  .strict();

// GET /api/repos/:repoId/trust – what the repository would run, its digest, and whether the user trusts it
export const GET = withLocalRepo(
  // What a repository would run is read from this machine's disk: only its owner can show it.
  { params: paramsSchema, repo: ({ params }) => params },
  async ({ ctx, params }) => Response.json({ trust: await readTrustView(ctx.db, params.repoId) }),
);

// POST /api/repos/:repoId/trust – trust exactly the inspection with this digest (409 when it changed since)
export const POST = withLocalRepo(
  { params: paramsSchema, body: trustSchema, repo: ({ params }) => params },
  async ({ ctx, params, body }) =>
    Response.json({ trust: await trustRepository(ctx.db, { repoId: params.repoId, digest: body.digest }) }),
);

// DELETE /api/repos/:repoId/trust – stop trusting the repository
export const DELETE = withLocalRepo({ params: paramsSchema, repo: ({ params }) => params }, async ({ ctx, params }) =>
  Response.json({ trust: await revokeTrust(ctx.db, params.repoId) }),
);
