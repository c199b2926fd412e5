import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { summarizeSession } from "@/lib/memory/summarize-session.ts";
import { withLocalRepo } from "@/lib/team/with-local-repo.ts";

const summarizeSchema = z.object({ sessionId: z.string().uuid() });

// POST /api/chat/summarize – roll the new messages into the session's summary (extractive fallback)
export const POST = withLocalRepo(
  { body: summarizeSchema, repo: ({ body }) => ({ sessionId: body.sessionId }) },
  async ({ body }) => Response.json({ summary: await summarizeSession(getDb(), body) }),
);
