import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { exportSessionMarkdown } from "@/lib/memory/export-session.ts";

const querySchema = z.object({ sessionId: z.string().uuid() });

// GET /api/chat/export?sessionId=… – the conversation as a Markdown file
export const GET = withErrorHandling(async (request: Request) => {
  const { fileName, markdown } = await exportSessionMarkdown(
    getRuntimeContext().db,
    parseSearchParams(request, querySchema),
  );
  return new Response(markdown, {
    headers: {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
    },
  });
});
