import { z } from "zod";
import { deletePin } from "@/lib/pins/delete-pin.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ id: z.string().uuid() });

// DELETE /api/repo-pins/:id – remove a pin (the repository's conversations are kept)
export const DELETE = withLocalRepo(
  { params: paramsSchema, repo: ({ params }) => ({ pinId: params.id }) },
  async ({ ctx, params }) => {
    await deletePin(ctx, { pinId: params.id });
    return Response.json({ ok: true });
  },
);
