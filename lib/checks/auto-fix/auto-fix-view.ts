import type { AutoFixView } from "@/lib/realtime/check-views.ts";
import { DEFAULT_AUTO_FIX_ATTEMPTS } from "./auto-fix-setting.ts";

/** A worktree's stored switch and count (no row: off, with the default number of attempts). */
export interface AutoFixState {
  isEnabled: boolean;
  maxAttempts: number;
  attemptsUsed: number;
}

export const AUTO_FIX_OFF: AutoFixState = {
  isEnabled: false,
  maxAttempts: DEFAULT_AUTO_FIX_ATTEMPTS,
  attemptsUsed: 0,
};

/** The switch as the API and the Checks panel show it: how many fixes are left, and whether Arbor stopped. Pure. */
export function toAutoFixView(state: AutoFixState): AutoFixView {
  const remaining = Math.max(0, state.maxAttempts - state.attemptsUsed);
  return {
    enabled: state.isEnabled,
    maxAttempts: state.maxAttempts,
    attemptsUsed: state.attemptsUsed,
    remaining,
    hasGivenUp: state.isEnabled && remaining === 0,
  };
}

/**
 * The Checks panel's line beside the switch: "2 automatic fixes left"; with none left, that Arbor
 * stopped (the checks fail now) or will stop at the next failure. Pure.
 */
export function describeAutoFix(view: AutoFixView, input: { isFailing: boolean }): string {
  const fixes = (count: number) => (count === 1 ? "1 automatic fix" : `${count} automatic fixes`);
  if (!view.enabled) return `Off: failures wait for "Fix with Claude"`;
  if (!view.hasGivenUp) return `${fixes(view.remaining)} left`;
  return input.isFailing
    ? `Stopped after ${fixes(view.attemptsUsed)}: the checks still fail and need you`
    : `No automatic fix left: the next failure waits for you (a pass or your message starts the count again)`;
}
