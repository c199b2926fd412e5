import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { exportSessionMarkdown } from "@/lib/memory/export-session.ts";

const querySchema = z.object({ sessionId: z.string().uuid() });

// GET /api/chat/export?sessionId=… – the conversation as a Markdown file
export const GET = withErrorHandling(async (request: Request) => {
  const { fileName, markdown } = await exportSessionMarkdown(getDb(), parseSearchParams(request, querySchema));
  return new Response(markdown, {
    headers: {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
    },
  });
});
