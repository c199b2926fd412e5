import { getConfig } from "@/lib/config/current-config.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { buildChildEnv, type ChildProgram } from "./child-env.ts";

const secretsState = defineProcessState<string[]>("childEnvSecrets", () => []);

/**
 * Installs the secrets beside the access token (which the configuration holds) that no child's
 * environment may contain: the server installs its hook token at boot.
 */
export function installChildEnvSecrets(secrets: string[]): void {
  secretsState.replace(secrets);
}

/**
 * The environment for a `program` Arbor starts now: this process's environment through
 * buildChildEnv, with ARBOR_PASS_ENV's names, the access token and the installed secrets kept
 * out, and `overrides` last.
 */
export function childEnv(program: ChildProgram, overrides?: Record<string, string>): Record<string, string> {
  const config = getConfig();
  return buildChildEnv({
    program,
    inherited: process.env,
    passNames: config.passEnv,
    secrets: [config.token, ...secretsState.get()],
    ...(overrides ? { overrides } : {}),
  });
}
