import { AppError } from "@/lib/errors/app-error.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";
import type { RuntimeContext } from "./runtime-context.ts";

/**
 * The one process-wide handle: the server builds the context at boot and installs it here, where
 * Next's bundled route handlers (a separate copy of lib/) find it.
 */
const contextState = defineProcessState<RuntimeContext | null>("context", () => null);

/** Installed once by the server at boot (server/main.ts). */
export function installRuntimeContext(context: RuntimeContext): void {
  contextState.replace(context);
}

/** The runtime context, for route handlers: everything below them receives it as a parameter. */
export function getRuntimeContext(): RuntimeContext {
  const context = contextState.get();
  if (!context) throw new AppError("unavailable", "Arbor is still starting; try again in a moment.");
  return context;
}
