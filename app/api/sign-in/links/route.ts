import { requireAccess } from "@/lib/access/access.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { SIGN_IN_LINK_TTL_MS } from "@/lib/access/sign-in-codes.ts";
import { mintSignInLink } from "@/lib/access/sign-in-link.ts";
import { requireBrowser } from "@/lib/http/actor.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

// POST /api/sign-in/links – a one-time link that signs another device in (shown to this signed-in page only)
export const POST = withErrorHandling((request: Request) => {
  requireBrowser(request);
  const link = mintSignInLink(requireAccess(getRuntimeContext()), { ttlMs: SIGN_IN_LINK_TTL_MS });
  return Response.json({ link });
});
