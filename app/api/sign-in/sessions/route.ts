import { requireAccess } from "@/lib/access/access.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { describeActor, readActor } from "@/lib/http/actor.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

// GET /api/sign-in/sessions – the browsers signed in to this Arbor, newest activity first
export const GET = withErrorHandling((request: Request) => {
  const actor = readActor(request);
  const current = actor.kind === "browser" ? actor.sessionId : null;
  const sessions = requireAccess(getRuntimeContext())
    .sessions.list()
    .map((session) => ({
      ...session,
      /** How this browser's answers are signed (ApprovalView.answeredBy). */
      name: describeActor({ kind: "browser", sessionId: session.id, label: session.label }),
      isCurrent: session.id === current,
    }));
  return Response.json({ sessions });
});
