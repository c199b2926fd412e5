import { AppError } from "@/lib/errors/app-error.ts";

/**
 * Who a request acts for, as the server authenticated it: the HTTP server writes this header after the
 * guard (and drops any copy a client sent), so a route records who did something from the credential,
 * never from a field of the request body.
 */
export const ACTOR_HEADER = "x-arbor-actor";

export type Actor = { kind: "browser"; sessionId: string; label: string } | { kind: "api-client" };

export function encodeActor(actor: Actor): string {
  return Buffer.from(JSON.stringify(actor)).toString("base64url");
}

/** The authenticated actor of a request that passed the guard; a request without one never reached Arbor's server. */
export function readActor(request: Request): Actor {
  const header = request.headers.get(ACTOR_HEADER);
  if (header) {
    try {
      const parsed = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as Partial<Actor>;
      if (parsed.kind === "api-client") return { kind: "api-client" };
      if (parsed.kind === "browser" && typeof parsed.sessionId === "string" && typeof parsed.label === "string")
        return { kind: "browser", sessionId: parsed.sessionId, label: parsed.label };
    } catch {
      // fall through: not a header the server wrote
    }
  }
  throw new AppError("unauthorized", "This request was not authenticated by Arbor's server.");
}

/** The signed-in browser a request acts for; anything else is refused (the guard refuses it first). */
export function requireBrowser(request: Request): Extract<Actor, { kind: "browser" }> {
  const actor = readActor(request);
  if (actor.kind === "browser") return actor;
  throw new AppError(
    "forbidden",
    "Only Arbor's page in a signed-in browser may do this: an API client's access token only reads.",
  );
}

/**
 * How records and other tabs name who did something: "Firefox on Linux · 3f9a" (the browser's sign-in, a
 * short id telling two browsers of one kind apart), or "an API client".
 */
export function describeActor(actor: Actor): string {
  return actor.kind === "browser"
    ? `${actor.label} · ${actor.sessionId.replace(/-/g, "").slice(0, 4)}`
    : "an API client";
}
