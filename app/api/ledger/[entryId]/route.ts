import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { describeActor, requireBrowser } from "@/lib/http/actor.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { changeLedgerEntry } from "@/lib/ledger/change-entry.ts";
import { MAX_LEDGER_TEXT } from "@/lib/ledger/ledger-types.ts";
import { readLedgerEntry } from "@/lib/ledger/list-entries.ts";

const paramsSchema = z.object({ entryId: z.coerce.number().int().positive() });
const text = z.string().max(MAX_LEDGER_TEXT * 2);
const changeSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("edit"), text }).strict(),
  z.object({ action: z.literal("close"), status: z.enum(["done", "dropped"]) }).strict(),
  z.object({ action: z.literal("reopen") }).strict(),
  z.object({ action: z.literal("supersede"), text, sessionId: z.string().uuid().optional() }).strict(),
  z.object({ action: z.literal("confirm") }).strict(),
  z.object({ action: z.literal("dismiss") }).strict(),
  z.object({ action: z.literal("undo") }).strict(),
]);

// GET /api/ledger/[entryId] – one entry with its whole history
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ entryId: string }> }) => {
  const { entryId } = paramsSchema.parse(await context.params);
  return Response.json(await readLedgerEntry(getRuntimeContext().db, { entryId }));
});

// PATCH /api/ledger/[entryId] – the user edits, closes, reopens, supersedes, confirms, dismisses or undoes an entry
export const PATCH = withErrorHandling(async (request: Request, context: { params: Promise<{ entryId: string }> }) => {
  const actor = requireBrowser(request);
  const { entryId } = paramsSchema.parse(await context.params);
  const body = await parseJsonBody(request, changeSchema);
  const action =
    body.action === "edit" || body.action === "supersede"
      ? { type: body.action, text: body.text }
      : body.action === "close"
        ? { type: "close" as const, status: body.status }
        : { type: body.action };
  return Response.json(
    await changeLedgerEntry(getRuntimeContext(), {
      entryId,
      action,
      actor: "user",
      actorName: describeActor(actor),
      sessionId: body.action === "supersede" ? (body.sessionId ?? null) : null,
    }),
  );
});
