import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { treeFromGithubIssue } from "@/lib/plans/github-issues.ts";
import { getPlanOrThrow } from "@/lib/plans/plans-store.ts";

const paramsSchema = z.object({ planId: z.string().uuid() });
const bodySchema = z.object({ issueNumber: z.number().int().positive() });

// POST /api/plans/:planId/from-issue – a GitHub issue's sub-issues as nodes (gh CLI; for review, not saved)
export const POST = withErrorHandling(async (request: Request, context: { params: Promise<{ planId: string }> }) => {
  const { planId } = paramsSchema.parse(await context.params);
  const { issueNumber } = await parseJsonBody(request, bodySchema);
  const plan = await getPlanOrThrow(getDb(), planId);
  const repo = await getDb().repo.findUniqueOrThrow({ where: { id: plan.repoId } });
  return Response.json({ tree: await treeFromGithubIssue({ cwd: repo.rootPath, issueNumber }) });
});
