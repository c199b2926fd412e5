import { providerOf, type Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import type { RunnerSlot } from "./pick-runner.ts";
import type { RunnerOfferView } from "./runner-offer-view.ts";
import { readOriginUrl } from "./remote-url.ts";
import { holdsLease } from "./runner-lease.ts";

/** Agents one runner may offer at once. */
export const MAX_RUNNER_SLOTS = 16;

/**
 * Offers to run plan nodes for the team's clones of this repository's origin, `slots` at a time.
 * Only a repository this instance's user trusted (a runner runs the team's agents, checks and
 * setup on it as if its own), with an origin the other clones share. Offering again changes the slots.
 */
export async function offerRunner(db: Db, input: { repoId: string; slots: unknown }): Promise<RunnerOfferView> {
  const slots = input.slots;
  if (typeof slots !== "number" || !Number.isInteger(slots) || slots < 1 || slots > MAX_RUNNER_SLOTS) {
    throw new AppError(
      "invalid_input",
      `Slots are the agents this Arbor runs at once for the team: a whole number from 1 to ${MAX_RUNNER_SLOTS}, not ${JSON.stringify(slots ?? null)}.`,
    );
  }
  if (providerOf(db) !== "postgresql") {
    throw new AppError(
      "precondition_failed",
      "A runner runs plan nodes for a team's other Arbors, which share a PostgreSQL database; this Arbor runs on its own embedded database. Start it with DATABASE_URL=postgresql://… to join a team.",
    );
  }
  const scan = await scanPinnedRepo(db, { repoId: input.repoId });
  if (!(await isRepositoryTrusted(db, input.repoId))) {
    throw new AppError(
      "precondition_failed",
      "A runner runs the team's agents and checks on this clone as your own, so Arbor offers it only for a repository you trust. Review and trust it first (Trust, beside its name), then offer it again.",
      { details: { needsTrust: true } },
    );
  }
  const remoteUrl = await readOriginUrl(scan.repoRoot);
  if (!remoteUrl) {
    throw new AppError(
      "precondition_failed",
      `${scan.repoRoot} has no remote named origin, so no other Arbor can share its work: runners take a plan's base from origin and push each node's work there. Add it (git remote add origin <url>), then offer it again.`,
    );
  }
  const local = await getLocalInstance(db);
  const row = await db.runnerOffer.upsert({
    where: { repoId: input.repoId },
    create: { repoId: input.repoId, instanceId: local.id, remoteUrl, slots },
    update: { remoteUrl, slots },
  });
  return { repoId: row.repoId, slots: row.slots, remoteUrl: row.remoteUrl };
}

/** Takes the offer back: nodes already running here finish; no new one comes. */
export async function withdrawRunner(db: Db, input: { repoId: string }): Promise<void> {
  await db.runnerOffer.deleteMany({ where: { repoId: input.repoId } });
}

export async function readRunnerOffer(db: Db, input: { repoId: string }): Promise<RunnerOfferView | null> {
  const row = await db.runnerOffer.findUnique({ where: { repoId: input.repoId } });
  return row ? { repoId: row.repoId, slots: row.slots, remoteUrl: row.remoteUrl } : null;
}

/**
 * The runners of a repository: every offer (of any instance, this one's included) for a clone of
 * its origin, alive when its instance was seen within the lease. `busyOf` counts a runner's nodes.
 * None for a repository without an origin: its plans run here, as they always did.
 */
export async function listRunnersFor(
  db: Db,
  input: { repoRoot: string; leaseMs: number; now?: Date; busyOf: (instanceId: string) => number },
): Promise<RunnerSlot[]> {
  // Most databases have no runner at all: one count, and no git, for every plan's pass.
  if ((await db.runnerOffer.count()) === 0) return [];
  const remoteUrl = await readOriginUrl(input.repoRoot);
  if (!remoteUrl) return [];
  const [local, offers] = await Promise.all([
    getLocalInstance(db),
    db.runnerOffer.findMany({
      where: { remoteUrl },
      include: { instance: { select: { label: true, lastSeenAt: true } } },
    }),
  ]);
  const now = input.now ?? new Date();
  return offers.map((offer) => {
    const isLocal = offer.instanceId === local.id;
    return {
      instanceId: offer.instanceId,
      label: offer.instance.label,
      repoId: offer.repoId,
      slots: offer.slots,
      isLocal,
      isAlive: isLocal || holdsLease({ lastSeenAt: offer.instance.lastSeenAt, now, leaseMs: input.leaseMs }),
      busy: input.busyOf(offer.instanceId),
    };
  });
}

/** Whether an instance still holds its leases (its row was written within the lease). */
export async function isInstanceAlive(db: Db, input: { instanceId: string; leaseMs: number }): Promise<boolean> {
  const local = await getLocalInstance(db);
  if (input.instanceId === local.id) return true;
  const row = await db.instance.findUnique({ where: { id: input.instanceId }, select: { lastSeenAt: true } });
  return row !== null && holdsLease({ lastSeenAt: row.lastSeenAt, now: new Date(), leaseMs: input.leaseMs });
}

/** This instance is alive: written every heartbeatMs by the server in team mode. */
export async function touchLocalInstance(db: Db): Promise<void> {
  const local = await getLocalInstance(db);
  await db.instance.update({ where: { id: local.id }, data: { lastSeenAt: new Date() } });
}
