import { readFileSync } from "node:fs";
import path from "node:path";
import { rawRequest } from "./raw-request.ts";
import type { RunningArbor } from "./start-arbor.ts";

/**
 * A Claude Code hook event delivered the way Arbor's hook script does: POST /api/hooks/ingest with
 * the install's hook token (and a delivery id when given). Returns the raw response.
 */
export function deliverHookEvent(
  arbor: Pick<RunningArbor, "url" | "port" | "dataDir">,
  payload: Record<string, unknown>,
  options: { eventId?: string } = {},
) {
  return rawRequest({
    url: arbor.url,
    path: "/api/hooks/ingest",
    method: "POST",
    headers: {
      host: `127.0.0.1:${arbor.port}`,
      "content-type": "application/json",
      "x-arbor-hook-token": readFileSync(path.join(arbor.dataDir, "hook-token"), "utf8").trim(),
      ...(options.eventId ? { "x-arbor-event-id": options.eventId } : {}),
    },
    body: JSON.stringify(payload),
  });
}
