import { requireAccess } from "@/lib/access/access.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { requireBrowser } from "@/lib/http/actor.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

// DELETE /api/sign-in/sessions/[sessionId] – sign a browser out (its cookie and page key stop working at once)
export const DELETE = withErrorHandling(
  async (request: Request, context: { params: Promise<{ sessionId: string }> }) => {
    requireBrowser(request);
    const { sessionId } = await context.params;
    const access = requireAccess(getRuntimeContext());
    if (!(await access.sessions.revoke(sessionId))) {
      throw new AppError("not_found", "No browser is signed in with that session; reload the list.");
    }
    access.closeBrowserSockets(sessionId);
    return Response.json({ ok: true });
  },
);
