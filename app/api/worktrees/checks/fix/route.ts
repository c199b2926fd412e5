import { z } from "zod";
import { acceptCheckFix } from "@/lib/chat/send/send-check-fix.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const fixSchema = z.object({ sessionId: z.string().uuid() }).strict();

// POST /api/worktrees/checks/fix – send the worktree's failing checks to Claude as the next message (202, as a send)
export const POST = withLocalRepo(
  { body: fixSchema, repo: ({ body }) => ({ sessionId: body.sessionId }) },
  async ({ ctx, body }) => Response.json(await acceptCheckFix(ctx, body), { status: 202 }),
);
