import { z } from "zod";
import { cancelHistoryImport, getHistoryImport, startHistoryImport } from "@/lib/history-import/history-import-job.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const importSchema = z.object({ repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096) });

// POST /api/hooks/import – start importing a worktree's past Claude Code sessions (or get the running import)
export const POST = withLocalRepo(
  { body: importSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json({ job: await startHistoryImport(ctx, body) }),
);

// GET /api/hooks/import?repoId=…&worktreePath=… – the running or last import of a worktree (null: none yet)
export const GET = withErrorHandling(async (request: Request) => {
  const url = new URL(request.url);
  const input = importSchema.parse({
    repoId: url.searchParams.get("repoId"),
    worktreePath: url.searchParams.get("worktreePath"),
  });
  return Response.json({ job: await getHistoryImport(getRuntimeContext(), input) });
});

// DELETE /api/hooks/import – cancel the running import after its current chunk
export const DELETE = withLocalRepo(
  { body: importSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json({ job: await cancelHistoryImport(ctx, body) }),
);
