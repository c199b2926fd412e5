/** A runner as the owner of a plan sees it: its offer, whether it is alive, and its nodes under way. */
export interface RunnerSlot {
  instanceId: string;
  label: string;
  /** The runner's own clone (its repository row). */
  repoId: string;
  slots: number;
  isAlive: boolean;
  /** The offer is this instance's own: its nodes run here, as a plan's always did. */
  isLocal: boolean;
  /** Nodes of the team's plans running on it now. */
  busy: number;
}

/** Free agent slots of the live runners. Pure. */
export function freeRunnerSlots(runners: readonly RunnerSlot[]): number {
  return runners.reduce((sum, runner) => sum + (runner.isAlive ? Math.max(0, runner.slots - runner.busy) : 0), 0);
}

/**
 * The runner a node goes to: a live one with a free slot, the one with the most free first (the
 * work spreads), then this instance (nothing to send), then by label so the choice is stable.
 * Null when every live runner is full or none is alive. Pure.
 */
export function pickRunner(runners: readonly RunnerSlot[]): RunnerSlot | null {
  const candidates = runners.filter((runner) => runner.isAlive && runner.busy < runner.slots);
  candidates.sort(
    (a, b) =>
      b.slots - b.busy - (a.slots - a.busy) ||
      Number(b.isLocal) - Number(a.isLocal) ||
      a.label.localeCompare(b.label) ||
      a.instanceId.localeCompare(b.instanceId),
  );
  return candidates[0] ?? null;
}
