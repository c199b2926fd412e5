import type { RuntimeContext } from "@/lib/context/runtime-context.ts";
import { providerOf } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { pinRepository } from "@/lib/pins/pin-repository.ts";
import { offerRunner } from "@/lib/runners/runner-offers.ts";
import { readTrustView, trustRepository } from "@/lib/trust/repo-trust.ts";

/**
 * `--runner <clone> [--slots N]`, the second command of a runner's set-up: pins the clone, trusts
 * it as it is now (the flag is its user's word that the team's agents may run its code here), and
 * offers it to the team's plans. Team mode only: on SQLite there is no team to run for.
 */
export async function offerRunnerAtStart(
  ctx: Pick<RuntimeContext, "db" | "worktreeIndex">,
  runner: { path: string; slots: number },
  log: (line: string) => void,
): Promise<void> {
  if (providerOf(ctx.db) !== "postgresql") {
    throw new AppError(
      "precondition_failed",
      "--runner runs plan nodes for a team's other Arbors, which share a PostgreSQL database: start it with DATABASE_URL=postgresql://… set.",
    );
  }
  const { pinId } = await pinRepository(ctx, { path: runner.path });
  const pin = await ctx.db.repoPin.findUniqueOrThrow({ where: { id: pinId }, select: { repoId: true } });
  const trust = await readTrustView(ctx.db, pin.repoId);
  if (trust.status !== "trusted") await trustRepository(ctx.db, { repoId: pin.repoId, digest: trust.digest });
  const offer = await offerRunner(ctx.db, { repoId: pin.repoId, slots: runner.slots });
  log(
    `runner: ${runner.path} (origin ${offer.remoteUrl}) runs up to ${offer.slots} of the team's plan nodes at once; trusted as it is now (review it under Trust)`,
  );
}
