/**
 * A runner holds the nodes it runs for as long as its instance row shows it alive: every instance
 * of a team writes `last_seen_at` every LEASE/3, and a node whose runner has not been seen for a
 * whole lease is taken back and queued again. Bounded: a runner killed (kill -9, a cut network)
 * loses its nodes after at most one lease and one sweep. The lease is ARBOR_RUNNER_LEASE_SECONDS
 * (the configuration's runnerLeaseMs).
 */
/** How often an instance says it is alive: three times a lease, so one late write never loses it. */
export const heartbeatMs = (leaseMs: number): number => Math.max(1000, Math.floor(leaseMs / 3));

/** Whether an instance last seen at `lastSeenAt` still holds its leases at `now`. Pure. */
export function holdsLease(input: { lastSeenAt: Date; now: Date; leaseMs: number }): boolean {
  return input.now.getTime() - input.lastSeenAt.getTime() < input.leaseMs;
}
