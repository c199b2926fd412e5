"use client";

import type { RunView } from "@/lib/realtime/chat-views.ts";
import { formatAnswerFooter } from "./format-answer-footer.ts";

/** Duration, turns, tokens, cost and model of the run behind an answer. */
export function AnswerFooter({ run }: { run: RunView }) {
  const items = formatAnswerFooter(run);
  if (items.length === 0) return null;
  return (
    <div data-testid="answer-footer" className="mt-2 flex flex-wrap gap-x-3 gap-y-0.5 text-[11px] text-zinc-500">
      {items.map((item) => (
        <span key={item.key} data-testid={`footer-${item.key}`}>
          {item.text}
        </span>
      ))}
    </div>
  );
}
