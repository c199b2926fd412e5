import { deleteRule } from "@/lib/approvals/permission-rules.ts";
import { getDb } from "@/lib/db/client.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

// DELETE /api/permission-rules/[ruleId] – remove an "Allow always" rule (later runs ask again)
export const DELETE = withErrorHandling(async (_request: Request, context: { params: Promise<{ ruleId: string }> }) => {
  const { ruleId } = await context.params;
  await deleteRule(getDb(), { ruleId });
  return Response.json({ ok: true });
});
