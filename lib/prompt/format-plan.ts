/** Section 3: the linked plan, or a line saying there is none (the heading stays for a stable order). */
import { quoteLines, toOneLine } from "./format-markdown.ts";
import { PROMPT_HEADINGS } from "./prompt-headings.ts";
import type { PromptPlan } from "./types.ts";

/** Title, quoted goal, then one list item per design-tree point. */
export function formatPlanSection(plan: PromptPlan | null): string {
  if (plan === null) return [PROMPT_HEADINGS.plan, "", "No plan linked."].join("\n");
  return [
    PROMPT_HEADINGS.plan,
    "",
    `Title: ${toOneLine(plan.title)}`,
    "",
    "Goal:",
    "",
    quoteLines(plan.goal),
    "",
    "Design tree:",
    "",
    ...(plan.points.length === 0 ? ["(no points yet)"] : plan.points.map(formatPoint)),
  ].join("\n");
}

/** One line per point: a description's line breaks are collapsed, so no line of it can pose as a heading. */
function formatPoint(point: string): string {
  return `- ${toOneLine(point)}`;
}
