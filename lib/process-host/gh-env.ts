import { childEnv } from "./child-env-source.ts";

/**
 * The environment of a `gh` command: the allow-listed one with gh's login (child-env.ts), and gh
 * told never to prompt (no terminal behind Arbor), print colours or check for an update.
 */
export function ghEnv(): Record<string, string> {
  return childEnv("gh", {
    GH_PROMPT_DISABLED: "1",
    GH_NO_UPDATE_NOTIFIER: "1",
    NO_COLOR: "1",
    GH_SPINNER_DISABLED: "1",
  });
}
