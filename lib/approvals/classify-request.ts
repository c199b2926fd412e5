import type { ApprovalKind, ToolRule } from "@/lib/realtime/approval-view.ts";

/** AskUserQuestion and ExitPlanMode come through the same permission request as any tool. */
export function approvalKindOf(toolName: string): ApprovalKind {
  if (toolName === "AskUserQuestion") return "question";
  if (toolName === "ExitPlanMode") return "plan";
  return "tool";
}

const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,199}$/;

/**
 * What "Allow always" saves for a request: the CLI's own `addRules` suggestion (e.g. this exact
 * command, `Bash(python3 -c …)`), otherwise the whole tool (a `setMode acceptEdits` suggestion for
 * Edit means "allow edits"). Questions and plans have no "always". Names that could not be passed
 * safely to `--allowedTools` give null.
 */
export function alwaysRulesFor(input: { toolName: string; suggestions: unknown[] }): ToolRule[] | null {
  if (approvalKindOf(input.toolName) !== "tool" || !TOOL_NAME.test(input.toolName)) return null;
  const fromSuggestions = input.suggestions.flatMap((suggestion): ToolRule[] => {
    const value = suggestion as { type?: unknown; behavior?: unknown; rules?: unknown };
    if (value.type !== "addRules" || value.behavior !== "allow" || !Array.isArray(value.rules)) return [];
    return value.rules.flatMap((rule): ToolRule[] => {
      const { toolName, ruleContent } = rule as { toolName?: unknown; ruleContent?: unknown };
      if (typeof toolName !== "string" || !TOOL_NAME.test(toolName)) return [];
      if (ruleContent !== undefined && !isSafeRuleContent(ruleContent)) return [];
      return [{ toolName, ruleContent: typeof ruleContent === "string" ? ruleContent : null }];
    });
  });
  return fromSuggestions.length > 0 ? fromSuggestions : [{ toolName: input.toolName, ruleContent: null }];
}

/** A rule as `--allowedTools` takes it: `Bash(npm test *)` or `Write`. */
export function formatToolRule(rule: ToolRule): string {
  return rule.ruleContent === null ? rule.toolName : `${rule.toolName}(${rule.ruleContent})`;
}

/** A rule that can be passed to `--allowedTools` as is: a tool name, and one line of rule text. */
export function isSafeToolRule(rule: ToolRule): boolean {
  return TOOL_NAME.test(rule.toolName) && (rule.ruleContent === null || isSafeRuleContent(rule.ruleContent));
}

function isSafeRuleContent(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 1000 && !/[\0\r\n]/.test(value);
}
