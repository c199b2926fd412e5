import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { createPullRequest, readPullRequestInfo } from "@/lib/worktrees/pull-request.ts";

/** A branch name as a value (never an option: no leading "-"). */
const branchName = z
  .string()
  .min(1)
  .max(250)
  .regex(/^[^-\s]/, "A branch name cannot start with - or a space.");

const querySchema = z.object({
  repoId: z.string().uuid(),
  worktreePath: z.string().min(1).max(4096),
  base: branchName.optional(),
});

const createSchema = z
  .object({
    repoId: z.string().uuid(),
    worktreePath: z.string().min(1).max(4096),
    base: branchName,
    title: z.string().trim().min(1, "The pull request needs a title.").max(256),
    body: z.string().max(65_536),
  })
  .strict();

// GET /api/worktrees/pull-request?repoId&worktreePath[&base] – gh's state, the compare URL, the drafted title/body, the PR
export const GET = withErrorHandling(async (request: Request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return Response.json(await readPullRequestInfo(getDb(), querySchema.parse(params)));
});

// POST /api/worktrees/pull-request – open the pull request with gh (title and body as the user edited them)
export const POST = withErrorHandling(async (request: Request) =>
  Response.json(await createPullRequest(getDb(), await parseJsonBody(request, createSchema))),
);
