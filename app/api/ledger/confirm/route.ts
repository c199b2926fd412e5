import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { describeActor, requireBrowser } from "@/lib/http/actor.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { confirmLedgerEntries, MAX_BULK_CONFIRM } from "@/lib/ledger/confirm-entries.ts";

const confirmSchema = z
  .object({
    repoId: z.string().uuid(),
    entryIds: z.array(z.number().int().positive()).min(1).max(MAX_BULK_CONFIRM),
  })
  .strict();

// POST /api/ledger/confirm – the user confirms several proposals at once; each one that changed meanwhile is reported
export const POST = withErrorHandling(async (request: Request) => {
  const actor = requireBrowser(request);
  const body = await parseJsonBody(request, confirmSchema);
  return Response.json(await confirmLedgerEntries(getRuntimeContext(), { ...body, actorName: describeActor(actor) }));
});
