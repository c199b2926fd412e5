import { PROMPT_HEADINGS } from "./prompt-headings.ts";

/** Where Arbor's own text ends and the user's begins (see buildParts in assemble-prompt.ts). */
const USER_MARKER = `\n${PROMPT_HEADINGS.user}\n\n`;

/**
 * The user's own words in a prompt Arbor assembled, or null when `prompt` is not one of Arbor's.
 * Before the user message no line of an Arbor prompt starts with `# ` (repository and model text is
 * quoted), so the first `# 5. User message` line is Arbor's heading, whatever the user typed after it.
 * Hooks and transcripts see Arbor's whole prompt; the recorder, the timeline and relays show this.
 */
export function extractUserMessage(prompt: string): string | null {
  if (!prompt.startsWith(`${PROMPT_HEADINGS.system}\n`)) return null;
  const at = prompt.indexOf(USER_MARKER);
  return at === -1 ? null : prompt.slice(at + USER_MARKER.length);
}
