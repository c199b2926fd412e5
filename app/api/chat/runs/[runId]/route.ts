import { z } from "zod";
import { readRunResult, waitForRunEnd } from "@/lib/chat/runs/read-run.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const paramsSchema = z.object({ runId: z.string().uuid() });
const querySchema = z.object({ wait: z.enum(["1"]).optional() });

/** How long `?wait=1` holds the request at most; the run's state at that moment is answered then. */
const MAX_WAIT_MS = 15 * 60_000;

// GET /api/chat/runs/[runId][?wait=1] – a run with its message and answer; with wait=1, once it has ended
export const GET = withErrorHandling(async (request: Request, context: { params: Promise<{ runId: string }> }) => {
  const { runId } = paramsSchema.parse(await context.params);
  const { wait } = parseSearchParams(request, querySchema);
  const ctx = getRuntimeContext();
  const { db } = ctx;
  return Response.json(
    wait
      ? await waitForRunEnd(ctx, { runId, timeoutMs: MAX_WAIT_MS, signal: request.signal })
      : await readRunResult(db, { runId }),
  );
});
