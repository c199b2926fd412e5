import type { ZodType } from "zod";
import { toErrorBody } from "@/lib/errors/error-body.ts";
import { readJsonBody } from "./read-json-body.ts";

type Handler<Ctx> = (request: Request, context: Ctx) => Response | Promise<Response>;

/**
 * Wraps a route handler so every thrown value becomes one consistent JSON error response.
 * Unexpected errors are logged with their stack and shown to the user as a generic 500.
 */
export function withErrorHandling<Ctx>(handler: Handler<Ctx>): (request: Request, context: Ctx) => Promise<Response> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      const { status, body, isUnexpected } = toErrorBody(error);
      if (isUnexpected) console.error(`[arbor] ${request.method} ${new URL(request.url).pathname} failed`, error);
      return Response.json(body, { status });
    }
  };
}

/** Reads and validates a JSON body against a zod schema (422 with the field on mismatch). */
export async function parseJsonBody<T>(
  request: Request,
  schema: ZodType<T>,
  options?: { maxBytes?: number },
): Promise<T> {
  return schema.parse(await readJsonBody(request, options));
}

/** Validates URL search params against a zod schema. */
export function parseSearchParams<T>(request: Request, schema: ZodType<T>): T {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}
