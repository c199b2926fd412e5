import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { readTrustView, revokeTrust, trustRepository } from "@/lib/trust/repo-trust.ts";

type Context = { params: Promise<{ repoId: string }> };
const paramsSchema = z.object({ repoId: z.string().uuid() });
const trustSchema = z
  .object({ digest: z.string().regex(/^[0-9a-f]{64}$/, "Send back the digest of the inspection you reviewed") })
  .strict();

// GET /api/repos/:repoId/trust – what the repository would run, its digest, and whether the user trusts it
export const GET = withErrorHandling(async (_request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ trust: await readTrustView(getDb(), repoId) });
});

// POST /api/repos/:repoId/trust – trust exactly the inspection with this digest (409 when it changed since)
export const POST = withErrorHandling(async (request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  const { digest } = await parseJsonBody(request, trustSchema);
  return Response.json({ trust: await trustRepository(getDb(), { repoId, digest }) });
});

// DELETE /api/repos/:repoId/trust – stop trusting the repository
export const DELETE = withErrorHandling(async (_request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ trust: await revokeTrust(getDb(), repoId) });
});
