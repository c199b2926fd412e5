import type { PromptSectionName } from "./types.ts";

/**
 * The only top-level (`# `) headings in a prompt before the user's message. Every other piece of
 * text is kept off the start of a line or quoted, so the model and tests can find sections by these.
 */
export const PROMPT_HEADINGS = {
  system: "# 1. System",
  context: "# 2. Context",
  plan: "# 3. Plan",
  memory: "# 4. Memory",
  user: "# 5. User message",
} as const satisfies Record<PromptSectionName, string>;
