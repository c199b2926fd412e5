import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { linkSessionToPlan } from "@/lib/plans/plans-store.ts";
import { withLocalRepo } from "@/lib/team/with-local-repo.ts";

const linkSchema = z.object({ sessionId: z.string().uuid(), planId: z.string().uuid().nullable() });

// POST /api/chat/sessions/plan – link a chat session to a plan (null unlinks)
export const POST = withLocalRepo(
  { body: linkSchema, repo: ({ body }) => ({ sessionId: body.sessionId }) },
  async ({ body }) => {
    await linkSessionToPlan(getDb(), body);
    return Response.json({ ok: true });
  },
);
