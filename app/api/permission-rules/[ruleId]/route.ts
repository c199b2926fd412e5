import { z } from "zod";
import { deleteRule } from "@/lib/approvals/permission-rules.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

// DELETE /api/permission-rules/[ruleId] – remove an "Allow always" rule (later runs ask again)
export const DELETE = withLocalRepo(
  // An Arbor-wide rule belongs to no repository: the locator finds none and lets it through.
  { params: z.object({ ruleId: z.string() }), repo: ({ params }) => ({ ruleId: params.ruleId }) },
  async ({ ctx, params }) => {
    await deleteRule(ctx.db, { ruleId: params.ruleId });
    return Response.json({ ok: true });
  },
);
