import type { ZodType } from "zod";
import { parseJsonBody, parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { assertLocalRepo, type RepoLocator } from "@/lib/team/ownership.ts";
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
}

/**
 * A route handler for a repository's worktrees: parses params, query and body (422 on a mismatch),
 * then refuses another instance's repository (403 naming its owner) before the handler runs, as
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
    await assertLocalRepo(ctx.db, route.repo(input));
    return handler({ ...input, ctx, request });
  });
}
