import type { Db } from "@/lib/db/client.ts";
import { heartbeatMs } from "@/lib/runners/runner-lease.ts";
import { touchLocalInstance } from "@/lib/runners/runner-offers.ts";

/**
 * Team mode: this instance says it is alive every LEASE/3 (its row's last_seen_at), so the nodes it
 * runs for other instances' plans stay its own; when it stops writing (killed, cut off), their owners
 * take them back after a lease. A failed write is logged and tried again at the next beat.
 */
export function startHeartbeat(db: Db, input: { leaseMs: number; log: (line: string) => void }): { close(): void } {
  let isFailing = false;
  const beat = () =>
    touchLocalInstance(db).then(
      () => {
        if (isFailing) input.log("heartbeat: written again");
        isFailing = false;
      },
      (error: Error) => {
        if (!isFailing)
          input.log(`heartbeat: could not be written (${error.message}); the runner's nodes may be taken back`);
        isFailing = true;
      },
    );
  const timer = setInterval(() => void beat(), heartbeatMs(input.leaseMs));
  timer.unref();
  void beat();
  return { close: () => clearInterval(timer) };
}
