import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { treeFromGithubIssue } from "@/lib/plans/github-issues.ts";
import { getPlanOrThrow } from "@/lib/plans/plans-store.ts";

const paramsSchema = z.object({ planId: z.string().uuid() });
const bodySchema = z.object({ issueNumber: z.number().int().positive() });

// POST /api/plans/:planId/from-issue – a GitHub issue's sub-issues as nodes (gh CLI; for review, not saved)
export const POST = withErrorHandling(async (request: Request, context: { params: Promise<{ planId: string }> }) => {
  const { planId } = paramsSchema.parse(await context.params);
  const { issueNumber } = await parseJsonBody(request, bodySchema);
  const plan = await getPlanOrThrow(getRuntimeContext().db, planId);
  const repo = await getRuntimeContext().db.repo.findUniqueOrThrow({ where: { id: plan.repoId } });
  return Response.json({ tree: await treeFromGithubIssue({ cwd: repo.rootPath, issueNumber }) });
});
