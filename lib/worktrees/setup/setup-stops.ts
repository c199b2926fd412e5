import { AppError } from "@/lib/errors/app-error.ts";

/** The setup commands still running, by setup id: one map per runtime context (lib/context). */
export type SetupStops = Map<string, AbortController>;

/**
 * Lets the user stop a new worktree's setup command while it runs ("Stop setup"): the create
 * request registers its setup id while the command runs, and a stop request aborts it (the
 * command's process group is killed; the worktree stays). Returns the signal and the release.
 */
export function registerSetupStop(stops: SetupStops, setupId: string): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  stops.set(setupId, controller);
  return {
    signal: controller.signal,
    release: () => {
      if (stops.get(setupId) === controller) stops.delete(setupId);
    },
  };
}

/** Stops the setup command of the request tagged `setupId`; refused when none is running. */
export function stopSetup(stops: SetupStops, setupId: string): { isStopped: true } {
  const controller = stops.get(setupId);
  if (!controller)
    throw new AppError(
      "not_found",
      "No setup command with that id is running: it may have ended already. Its outcome shows in the dialog.",
    );
  controller.abort();
  return { isStopped: true };
}
