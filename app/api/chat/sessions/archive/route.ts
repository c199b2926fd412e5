import { z } from "zod";
import { archiveSession } from "@/lib/chat/sessions/archive-session.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const archiveSchema = z.object({ sessionId: z.string().uuid() });

// POST /api/chat/sessions/archive – make a session read-only; the next open starts a new one
export const POST = withLocalRepo(
  { body: archiveSchema, repo: ({ body }) => ({ sessionId: body.sessionId }) },
  async ({ ctx, body }) => {
    await archiveSession(ctx, body);
    return Response.json({ ok: true });
  },
);
