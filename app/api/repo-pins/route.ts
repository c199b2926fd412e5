import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { listPins } from "@/lib/pins/list-pins.ts";
import { pinRepositoryForReview } from "@/lib/trust/pin-for-review.ts";

const pinSchema = z.object({
  path: z.string().min(1, "Paste the absolute path of a git repository or worktree").max(4096),
  label: z.string().max(100, "Keep the label under 100 characters").nullish(),
});

// GET /api/repo-pins – list pins, most recently used first
export const GET = withErrorHandling(async () => Response.json({ pins: await listPins(getRuntimeContext().db) }));

// POST /api/repo-pins – pin the repository containing a path (upsert by repository identity), with its trust state
export const POST = withErrorHandling(async (request: Request) => {
  const input = await parseJsonBody(request, pinSchema);
  const { pin, isNew, trust } = await pinRepositoryForReview(getRuntimeContext(), input);
  return Response.json({ pin, isNew, trust }, { status: isNew ? 201 : 200 });
});
