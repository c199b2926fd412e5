import { z } from "zod";
import { linkSessionToPlan } from "@/lib/plans/plans-store.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const linkSchema = z.object({ sessionId: z.string().uuid(), planId: z.string().uuid().nullable() });

// POST /api/chat/sessions/plan – link a chat session to a plan (null unlinks)
export const POST = withLocalRepo(
  { body: linkSchema, repo: ({ body }) => ({ sessionId: body.sessionId }) },
  async ({ ctx, body }) => {
    await linkSessionToPlan(ctx.db, body);
    return Response.json({ ok: true });
  },
);
