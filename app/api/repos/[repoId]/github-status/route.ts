import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { checkGithubCli } from "@/lib/plans/github-issues.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });

// GET /api/repos/:repoId/github-status – whether wizard option B (GitHub issue) can be offered, and why not
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ repoId: string }> }) => {
  const { repoId } = paramsSchema.parse(await context.params);
  const repo = await getRuntimeContext().db.repo.findUniqueOrThrow({ where: { id: repoId } });
  return Response.json(await checkGithubCli({ cwd: repo.rootPath }));
});
