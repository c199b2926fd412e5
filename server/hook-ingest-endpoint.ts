import type { IncomingMessage, ServerResponse } from "node:http";
import { toErrorBody } from "@/lib/errors/error-body.ts";
import { assertHookToken } from "@/lib/hook-ingest/hook-auth.ts";
import type { HookIngestParts } from "@/lib/hook-ingest/ingest-hook-event.ts";
import { receiveHookEvent } from "@/lib/hook-policies/receive-hook-event.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { parseJsonBytes, tooLarge } from "@/lib/http/read-json-body.ts";
import { getCachedSettings } from "@/lib/settings/settings-store.ts";

// POST /api/hooks/ingest – one Claude Code hook event (token-authenticated).
// Served here rather than by a Next route handler: it is the hot path of hook capture
// (measured: Next's routing cost more than the insert itself; docs/decisions/0006-hooks-spool-through-a-command.md).
export async function handleHookIngest(
  parts: HookIngestParts,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
    };
    assertHookToken({ expected: parts.hookIngest.hookToken(), presented: header("x-arbor-hook-token") });
    const settings = await getCachedSettings(parts);
    if (!/^application\/json\b/i.test(header("content-type") ?? "")) {
      throw new AppError(
        "unsupported_media_type",
        'Send the hook payload as JSON with "Content-Type: application/json".',
      );
    }
    const body = parseJsonBytes(await readBodyWithin(req, settings.hookMaxPayloadBytes));
    const result = await receiveHookEvent(parts, {
      body,
      eventId: header("x-arbor-event-id"),
      source: "http",
      maxPayloadBytes: settings.hookMaxPayloadBytes,
    });
    if (result.answer) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(result.answer));
    } else {
      res.writeHead(result.isDuplicate ? 200 : 204);
      res.end();
    }
  } catch (error) {
    const { status, body, isUnexpected } = toErrorBody(error);
    if (isUnexpected) console.error("[arbor] hook ingest failed", error);
    if (!res.headersSent) res.writeHead(status, { "content-type": "application/json", connection: "close" });
    res.end(JSON.stringify(body));
    req.resume();
  }
}

/** Reads a request body, refusing (413) as soon as it passes the limit. */
function readBodyWithin(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    // A refused body is still read (and dropped) so the sender gets the 413, not a reset.
    req.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) chunks.push(chunk);
    });
    req.on("end", () => (total > maxBytes ? reject(tooLarge(maxBytes)) : resolve(Buffer.concat(chunks))));
    req.on("error", reject);
  });
}
