import { z } from "zod";
import { pathTokenParam, worktreeParams } from "@/lib/changes/changes-params.ts";
import { readContextLines } from "@/lib/changes/read-context-lines.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const line = z.coerce.number().int().min(1).max(10_000_000);
const querySchema = worktreeParams
  .extend({
    blob: z
      .string()
      .regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/)
      .optional(),
    path: pathTokenParam.optional(),
    start: line,
    end: line,
  })
  .refine((query) => (query.blob === undefined) !== (query.path === undefined), "Give either blob or path.");

// GET /api/changes/lines?repoId=…&worktreePath=…&(blob=…|path=…)&start=…&end=… – unchanged lines around a hunk
export const GET = withLocalRepo(
  { query: querySchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, query }) => {
    const source = query.blob
      ? { kind: "blob" as const, blob: query.blob }
      : { kind: "worktree" as const, path: query.path! };
    return Response.json(await readContextLines(ctx, { ...query, source }));
  },
);
