import { formatToolRule, isSafeToolRule } from "@/lib/approvals/classify-request.ts";
import type { RunView } from "@/lib/realtime/chat-views.ts";
import type { ToolRule } from "@/lib/realtime/approval-view.ts";

/** The API takes at most this many tools to allow for a retry. */
const MAX_RULES = 20;

/**
 * What "Allow and retry" allows for the new run only: each refused Bash command exactly as it was
 * asked (one line), any other refused tool by name. Rules that could not be passed to the CLI
 * safely fall back to the tool's name; duplicates are dropped.
 */
export function retryRulesFor(denials: RunView["permissionDenials"]): ToolRule[] {
  const rules = new Map<string, ToolRule>();
  for (const denial of denials) {
    const command = (denial.toolInput as { command?: unknown } | null)?.command;
    const exact: ToolRule = { toolName: denial.toolName, ruleContent: typeof command === "string" ? command : null };
    const rule = denial.toolName === "Bash" && isSafeToolRule(exact) ? exact : { ...exact, ruleContent: null };
    if (isSafeToolRule(rule)) rules.set(formatToolRule(rule), rule);
  }
  return [...rules.values()].slice(0, MAX_RULES);
}
