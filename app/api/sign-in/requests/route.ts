import { requireAccess } from "@/lib/access/access.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { printSignInLink } from "@/lib/access/sign-in-link.ts";
import { describeActor, readActor } from "@/lib/http/actor.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

// POST /api/sign-in/requests – print a new one-time sign-in link on Arbor's own terminal (`arbor open`); never returned
export const POST = withErrorHandling((request: Request) => {
  const actor = readActor(request);
  const { expiresAt } = printSignInLink(requireAccess(getRuntimeContext()), {
    askedBy: actor.kind === "api-client" ? "`arbor open` (an API client)" : describeActor(actor),
  });
  return Response.json(
    { printed: true, expiresAt, message: "Arbor printed a new sign-in link in the terminal where it runs." },
    { status: 202 },
  );
});
