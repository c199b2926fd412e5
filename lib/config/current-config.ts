import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { resolveArborConfig, type ArborConfig } from "./arbor-config.ts";

/**
 * The configuration this process runs with. The server resolves it from env and flags and
 * installs it at boot; anything that runs without the server (the `arbor` command, scripts,
 * tests calling lib directly) gets it resolved from the environment on first use.
 */
const configState = defineProcessState<ArborConfig>("config", () =>
  resolveArborConfig({ env: process.env, flags: { isDev: false } }),
);

/** The one accessor for configuration in lib/: nothing else reads process.env for settings. */
export function getConfig(): ArborConfig {
  return configState.get();
}

export function installConfig(config: ArborConfig): void {
  configState.replace(config);
}
