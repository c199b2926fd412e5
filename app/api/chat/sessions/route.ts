import { z } from "zod";
import { listWorktreeSessions } from "@/lib/chat/sessions/list-sessions.ts";
import { openChatSession } from "@/lib/chat/sessions/open-session.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const openSchema = z.object({ repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096) });

// POST /api/chat/sessions – the worktree's active chat session (created on first open, by its owner's instance)
export const POST = withLocalRepo(
  {
    body: openSchema,
    repo: ({ body }) => ({ repoId: body.repoId }),
    forward: ({ body }) => ({ kind: "open_session", ...body }),
  },
  async ({ ctx, body }) => Response.json({ session: await openChatSession(ctx, body) }),
);

const listSchema = z.object({ repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096) });

// GET /api/chat/sessions?repoId=…&worktreePath=… – the worktree's sessions, active first, then archived
export const GET = withErrorHandling(async (request: Request) => {
  return Response.json({
    sessions: await listWorktreeSessions(getRuntimeContext().db, parseSearchParams(request, listSchema)),
  });
});
