import type { RunnerSlot } from "./pick-runner.ts";

/** Tests' runner: live, 2 slots, none busy, another instance's; `over` changes what a test is about. */
export const runnerSlot = (label: string, over: Partial<RunnerSlot> = {}): RunnerSlot => ({
  instanceId: `id-${label}`,
  label,
  repoId: `repo-${label}`,
  slots: 2,
  isAlive: true,
  isLocal: false,
  busy: 0,
  ...over,
});
