import { z } from "zod";
import { explainInvalidBranchName } from "@/lib/design/branch-name.ts";
import { createPullRequest, readPullRequestInfo } from "@/lib/worktrees/ship/pull-request.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

/**
 * The base as a branch name by git's rules (check-ref-format): never an option (no leading "-"),
 * and no `..` or other part that would turn GitHub's compare URL into another repository's page.
 */
const branchName = z
  .string()
  .min(1)
  .max(250)
  .superRefine((value, context) => {
    const problem = explainInvalidBranchName(value);
    if (problem)
      context.addIssue({
        code: "custom",
        message: `"${value}" cannot be a branch name: ${problem}. Choose an existing branch as the base.`,
      });
  });

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
export const GET = withLocalRepo(
  { query: querySchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, query }) => Response.json(await readPullRequestInfo(ctx.db, query)),
);

// POST /api/worktrees/pull-request – open the pull request with gh (title and body as the user edited them)
export const POST = withLocalRepo(
  { body: createSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await createPullRequest(ctx, body)),
);
