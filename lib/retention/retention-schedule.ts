import type { Db } from "@/lib/db/client.ts";
import { listLocalRepoIds } from "@/lib/team/ownership.ts";
import { describeRetention } from "./retention-policy.ts";
import { sweepRetention } from "./sweep-retention.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Applies every repository's retention settings (and the Arbor-wide ones to events from outside
 * any repository) a minute after start, then hourly. Only this instance's repositories: a team
 * member's data is theirs to keep. A failure is logged and tried again at the next round.
 */
export function startRetentionSweeps(
  db: Db,
  input: { log: (line: string) => void; firstDelayMs?: number; intervalMs?: number },
): { close(): Promise<void> } {
  let running: Promise<void> | null = null;
  let isClosed = false;
  const round = () => {
    if (running || isClosed) return;
    running = sweepEverything(db, input.log)
      .catch((error: unknown) => console.error("[arbor] retention", error))
      .finally(() => (running = null));
  };
  const first = setTimeout(round, input.firstDelayMs ?? 60_000);
  const every = setInterval(round, input.intervalMs ?? HOUR_MS);
  first.unref();
  every.unref();
  return {
    async close() {
      isClosed = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}

export async function sweepEverything(db: Db, log: (line: string) => void): Promise<void> {
  for (const repoId of [...(await listLocalRepoIds(db)), null]) {
    const result = await sweepRetention(db, { repoId, dryRun: false });
    if (result.hookEvents > 0 || result.relays > 0)
      log(
        `retention: deleted ${describeRetention(result)} ${repoId ? `of repository ${repoId}` : "from outside any repository"}`,
      );
  }
}
