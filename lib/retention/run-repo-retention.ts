import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { describeRetention } from "./retention-policy.ts";
import { sweepRetention, type RetentionResult } from "./sweep-retention.ts";

/** The Settings page's preview ("what would go") or "Delete now" for one repository. */
export async function runRepoRetention(
  db: Db,
  input: { repoId: string; apply: boolean },
): Promise<{ result: RetentionResult; message: string; applied: boolean }> {
  if (!(await db.repo.findUnique({ where: { id: input.repoId }, select: { id: true } })))
    throw new AppError("not_found", "That repository is not known to Arbor. Pin it first.");
  const result = await sweepRetention(db, { repoId: input.repoId, dryRun: !input.apply });
  const what = describeRetention(result);
  const isNothing = result.hookEvents === 0 && result.relays === 0;
  return {
    result,
    applied: input.apply,
    message: isNothing ? what : input.apply ? `Deleted ${what}.` : `Would delete ${what}.`,
  };
}
