import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { instanceLabelSchema, listInstances, renameLocalInstance } from "@/lib/team/instances.ts";

const renameSchema = z.object({ label: instanceLabelSchema });

// GET /api/team/instances – every Arbor instance on this database (this one first)
export const GET = withErrorHandling(async () =>
  Response.json({ instances: await listInstances(getRuntimeContext().db) }),
);

// PATCH /api/team/instances – rename this instance (its label; host name and data directory stay its identity)
export const PATCH = withErrorHandling(async (request: Request) => {
  const { label } = await parseJsonBody(request, renameSchema);
  return Response.json({ instance: await renameLocalInstance(getRuntimeContext().db, { label }) });
});
