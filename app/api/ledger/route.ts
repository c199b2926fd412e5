import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { LEDGER_KINDS, LEDGER_SCOPES, MAX_LEDGER_TEXT } from "@/lib/ledger/ledger-types.ts";
import { listLedgerEntries } from "@/lib/ledger/list-entries.ts";
import { recordLedgerEntry } from "@/lib/ledger/record-entry.ts";

const listSchema = z.object({
  repoId: z.string().uuid(),
  worktreePath: z.string().min(1).max(4096).optional(),
  status: z.enum(["open", "proposed", "closed", "all"]).default("open"),
  kind: z.enum(LEDGER_KINDS).optional(),
  q: z.string().max(200).optional(),
});

// GET /api/ledger?repoId=…[&worktreePath=…&status=open|closed|all&kind=…&q=…] – decisions and tasks, newest first
export const GET = withErrorHandling(async (request: Request) => {
  const { q, ...input } = parseSearchParams(request, listSchema);
  return Response.json({ entries: await listLedgerEntries(getRuntimeContext().db, { ...input, query: q }) });
});

const recordSchema = z
  .object({
    kind: z.enum(LEDGER_KINDS),
    text: z.string().max(MAX_LEDGER_TEXT * 2),
    via: z.enum(["command", "message", "selection", "panel"]).default("panel"),
    sessionId: z.string().uuid().optional(),
    repoId: z.string().uuid().optional(),
    scope: z.enum(LEDGER_SCOPES).optional(),
    messageId: z.number().int().positive().optional(),
  })
  .strict();

// POST /api/ledger – the user records a decision or a task (from a conversation, a message, a selection or the panel)
export const POST = withErrorHandling(async (request: Request) => {
  const input = await parseJsonBody(request, recordSchema);
  return Response.json({ entry: await recordLedgerEntry(getRuntimeContext(), input) }, { status: 201 });
});
