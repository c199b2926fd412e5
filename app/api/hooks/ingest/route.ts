import { getDb } from "@/lib/db/client.ts";
import { assertHookToken } from "@/lib/hook-capture/hook-auth.ts";
import { ingestHookEvent } from "@/lib/hook-capture/ingest-hook-event.ts";
import { readJsonBody } from "@/lib/http/read-json-body.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";

// POST /api/hooks/ingest – one Claude Code hook event from Arbor's hook (token-authenticated)
export const POST = withErrorHandling(async (request: Request) => {
  assertHookToken(request.headers.get("x-arbor-hook-token"));
  const settings = await readSettings(getDb());
  const body = await readJsonBody(request, { maxBytes: settings.hookMaxPayloadBytes });
  const result = await ingestHookEvent(getDb(), {
    body,
    eventId: request.headers.get("x-arbor-event-id"),
    source: "http",
    maxPayloadBytes: settings.hookMaxPayloadBytes,
  });
  // No body: the hook prints nothing, so Claude's behaviour is unchanged.
  return new Response(null, { status: result.isDuplicate ? 200 : 204 });
});
