import { z } from "zod";
import { inheritedClaudeEnv } from "@/lib/agent/run-internal-turn.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { readSandboxOffer } from "@/lib/plan-runs/permission-mode.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });

// GET /api/repos/:repoId/sandbox – whether a plan here may run Sandboxed, and if not, why and what to do
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ repoId: string }> }) => {
  const { repoId } = paramsSchema.parse(await context.params);
  const pathValue = inheritedClaudeEnv().PATH ?? "";
  return Response.json({ sandbox: await readSandboxOffer(getRuntimeContext().db, { repoId, pathValue }) });
});
