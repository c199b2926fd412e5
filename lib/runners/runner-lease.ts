/**
 * A runner holds the nodes it runs for as long as its instance row shows it alive: every instance
 * of a team writes `last_seen_at` every LEASE/3, and a node whose runner has not been seen for a
 * whole lease is taken back and queued again. Bounded: a runner killed (kill -9, a cut network)
 * loses its nodes after at most one lease and one sweep.
 */
export const DEFAULT_LEASE_SECONDS = 30;

/** The lease, from ARBOR_RUNNER_LEASE_SECONDS (3–3600 s) or the default. */
export function runnerLeaseMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ARBOR_RUNNER_LEASE_SECONDS;
  const seconds = raw === undefined || raw === "" ? DEFAULT_LEASE_SECONDS : Number(raw);
  if (!Number.isInteger(seconds) || seconds < 3 || seconds > 3600) {
    throw new Error(
      `ARBOR_RUNNER_LEASE_SECONDS must be a whole number of seconds from 3 to 3600, not "${raw}". Fix it and start Arbor again.`,
    );
  }
  return seconds * 1000;
}

/** How often an instance says it is alive: three times a lease, so one late write never loses it. */
export const heartbeatMs = (leaseMs: number): number => Math.max(1000, Math.floor(leaseMs / 3));

/** Whether an instance last seen at `lastSeenAt` still holds its leases at `now`. Pure. */
export function holdsLease(input: { lastSeenAt: Date; now: Date; leaseMs: number }): boolean {
  return input.now.getTime() - input.lastSeenAt.getTime() < input.leaseMs;
}
