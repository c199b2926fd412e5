import { z } from "zod";
import { summarizeSession } from "@/lib/memory/summarize-session.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const summarizeSchema = z.object({ sessionId: z.string().uuid() });

// POST /api/chat/summarize – roll the new messages into the session's summary (extractive fallback)
export const POST = withLocalRepo(
  { body: summarizeSchema, repo: ({ body }) => ({ sessionId: body.sessionId }) },
  async ({ ctx, body }) => Response.json({ summary: await summarizeSession(ctx, body) }),
);
