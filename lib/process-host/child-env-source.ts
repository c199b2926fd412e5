import { getConfig } from "@/lib/config/current-config.ts";
import { buildChildEnv, type ChildProgram } from "./child-env.ts";
import { readChildEnvSecrets } from "./current-process-host.ts";

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
    secrets: [config.token, ...readChildEnvSecrets()],
    ...(overrides ? { overrides } : {}),
  });
}
