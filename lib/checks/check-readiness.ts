import type { Db } from "@/lib/db/client.ts";
import type { CheckSkipReason } from "@/lib/realtime/check-views.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import type { CheckSpec } from "./check-setting.ts";
import { readChecks } from "./check-settings-store.ts";

export const UNTRUSTED_MESSAGE =
  "Checks did not run: a check is the repository's own code, and Arbor runs it only in a repository you trust. Review and trust the repository (the button next to its name), then run the checks again.";

export const NO_CHECKS_MESSAGE =
  "No check is configured for this repository. Set one in the repository's settings (Settings → this repository → Checks, or PUT /api/repos/{repoId}/settings with checks: [{ name, command, timeoutSeconds }]); Arbor proposes one from what the repository has.";

/** The repository's checks, and why they cannot run now (untrusted, none configured), or null when they can. */
export async function readCheckReadiness(
  db: Db,
  repoId: string,
): Promise<{ checks: CheckSpec[]; reason: CheckSkipReason | null }> {
  const [checks, isTrusted] = await Promise.all([readChecks(db, repoId), isRepositoryTrusted(db, repoId)]);
  if (checks.length === 0) return { checks, reason: { code: "no_checks", message: NO_CHECKS_MESSAGE } };
  if (!isTrusted) return { checks, reason: { code: "untrusted", message: UNTRUSTED_MESSAGE } };
  return { checks, reason: null };
}
