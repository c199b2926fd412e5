/** Section 2: the fresh scan and what moved since the last send. */
import type { WorktreeScan } from "@/lib/git/types.ts";
import { describeScanChanges } from "./diff-scans.ts";
import { PROMPT_HEADINGS } from "./prompt-headings.ts";
import { formatScanLines } from "./format-scan.ts";
import { formatCheckLines } from "./format-checks.ts";
import type { PromptCheck } from "./types.ts";
import { toOneLine } from "./format-markdown.ts";

interface ContextSectionInput {
  scan: WorktreeScan;
  previousScan: WorktreeScan | null;
  /** Set by the budget: drops the change list and the long scan details. */
  isShortened: boolean;
  designWarnings?: string[];
  checks?: PromptCheck[];
}

/** Scan facts, then "first scan", "no change" or the list of changes since `previousScan`. */
export function formatContextSection({
  scan,
  previousScan,
  isShortened,
  designWarnings = [],
  checks = [],
}: ContextSectionInput): string {
  return [
    PROMPT_HEADINGS.context,
    "",
    "Arbor's git scan of the target worktree, taken just before this message:",
    "",
    ...formatScanLines({ scan, isShortened }),
    ...formatCheckLines({ checks, isShortened }),
    "",
    ...formatChangeLines({ scan, previousScan, isShortened }),
    ...(designWarnings.length
      ? ["", "Where git diverges from the design tree:", ...designWarnings.map((warning) => `- ${toOneLine(warning)}`)]
      : []),
  ].join("\n");
}

function formatChangeLines({ scan, previousScan, isShortened }: ContextSectionInput): string[] {
  if (isShortened) return ["Changes since the previous scan: left out to fit the prompt budget."];
  if (previousScan === null)
    return ["Changes since the previous scan: none to compare, this is the first scan in this conversation."];
  const changes = describeScanChanges({ previous: previousScan, current: scan });
  if (changes.length === 0) return ["Changes since the previous scan: no change."];
  return ["Changes since the previous scan:", ...changes.map((change) => `- ${change}`)];
}
