import type { ZodType } from "zod";
import { parseJsonBody, parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { readActor } from "@/lib/http/actor.ts";
import { forwardToOwner } from "@/lib/team-commands/forward-command.ts";
import type { TeamCommand } from "@/lib/team-commands/team-command.ts";
import { findRemoteOwner, remoteRepoError, type RepoLocator } from "@/lib/team/ownership.ts";
import { getRuntimeContext } from "./current-context.ts";
import type { RuntimeContext } from "./runtime-context.ts";

/** A request's parts, parsed with the route's schemas (undefined for a part the route does not read). */
export interface LocalRepoInput<Params, Query, Body> {
  params: Params;
  query: Query;
  body: Body;
}

/** How a route reads its request, and which repository it acts on. */
export interface LocalRepoRoute<Params, Query, Body> {
  params?: ZodType<Params>;
  query?: ZodType<Query>;
  body?: ZodType<Body>;
  maxBodyBytes?: number;
  /** The repository the request acts on; null when it acts on none (an Arbor-wide hook, a preview). */
  repo: (input: LocalRepoInput<Params, Query, Body>) => RepoLocator | null;
  /**
   * For another instance's repository: the command that asks its owner to do the same there (its
   * answer is this request's). Without it, such a request is refused. It may throw to refuse first.
   */
  forward?: (input: LocalRepoInput<Params, Query, Body> & { request: Request }) => TeamCommand;
}

/**
 * A route handler for a repository's worktrees: parses params, query and body (422 on a mismatch),
 * then refuses another instance's repository (403 naming its owner), or passes the request to that
 * instance when the route says how (`forward`), before the handler runs, as
 * dub's withWorkspace checks a workspace once. lib functions trust that it was checked here.
 * The handler gets the runtime context with its input; thrown errors become the usual JSON error
 * response (withErrorHandling).
 */
export function withLocalRepo<Params = undefined, Query = undefined, Body = undefined>(
  route: LocalRepoRoute<Params, Query, Body>,
  handler: (
    input: LocalRepoInput<Params, Query, Body> & { ctx: RuntimeContext; request: Request },
  ) => Promise<Response>,
): (request: Request, context: { params: Promise<unknown> }) => Promise<Response> {
  return withErrorHandling(async (request: Request, context: { params: Promise<unknown> }) => {
    const input = {
      params: (route.params ? route.params.parse(await context.params) : undefined) as Params,
      query: (route.query ? parseSearchParams(request, route.query) : undefined) as Query,
      body: (route.body
        ? await parseJsonBody(request, route.body, { maxBytes: route.maxBodyBytes })
        : undefined) as Body,
    };
    const ctx = getRuntimeContext();
    // One look at the owner: this instance's repository runs here; another's is passed on, or refused.
    const owner = await findRemoteOwner(ctx.db, route.repo(input));
    if (owner && route.forward) {
      const command = route.forward({ ...input, request });
      const reply = await forwardToOwner(ctx, { owner, command, actor: readActor(request) });
      return Response.json(reply.body, { status: reply.status });
    }
    if (owner) throw remoteRepoError(owner);
    return handler({ ...input, ctx, request });
  });
}
