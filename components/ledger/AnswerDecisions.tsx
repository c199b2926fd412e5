"use client";

import { listAnswerDecisions } from "./answer-tags.ts";

/**
 * The decisions an answer proposed with its hidden tags, listed under it: Arbor put them in the ledger as
 * proposals, which hold only once the user confirms them in "Decisions & tasks".
 */
export function AnswerDecisions({ text }: { text: string }) {
  const decisions = listAnswerDecisions(text);
  if (decisions.length === 0) return null;
  return (
    <ul data-testid="answer-decisions" className="mt-1 space-y-0.5 text-xs text-violet-800 dark:text-violet-300">
      {decisions.map((decision, index) => (
        <li key={index}>Decision proposed (confirm it in Decisions &amp; tasks): {decision}</li>
      ))}
    </ul>
  );
}
