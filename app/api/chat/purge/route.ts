import { z } from "zod";
import { purgeSession } from "@/lib/memory/purge-session.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const purgeSchema = z.object({ sessionId: z.string().uuid(), keepLastN: z.number().int().min(0).max(10_000) });

// POST /api/chat/purge – "Lighten": archive summarized messages older than the last keepLastN
export const POST = withLocalRepo(
  { body: purgeSchema, repo: ({ body }) => ({ sessionId: body.sessionId }) },
  async ({ ctx, body }) => Response.json(await purgeSession(ctx, body)),
);
