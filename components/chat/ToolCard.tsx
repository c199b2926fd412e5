"use client";

import type { ReactNode } from "react";
import type { ToolCallView } from "@/lib/realtime/chat-views.ts";
import { describeToolInput } from "@/lib/agent/describe-tool-input.ts";
import { isLongOutput } from "./tool-output.ts";

/**
 * One tool call as a compact card: name and subject; Bash also shows its output. `children`: how
 * its permission request ended, under the card's first line.
 */
export function ToolCard({
  tool,
  isDenied,
  isDeniedByYou = false,
  isWaiting = false,
  children,
}: {
  tool: ToolCallView;
  isDenied: boolean;
  /** Refused by the user on its card: their decision, not a failure. */
  isDeniedByYou?: boolean;
  isWaiting?: boolean;
  children?: ReactNode;
}) {
  const subject = describeToolInput({ toolName: tool.name, input: tool.input, withSearchPath: true });
  const result = tool.result;
  const state = isDeniedByYou
    ? "you denied"
    : isDenied
      ? "denied"
      : result
        ? result.isError
          ? "error"
          : "done"
        : isWaiting
          ? "waiting"
          : "running";
  return (
    <div
      data-testid="tool-card"
      data-tool={tool.name}
      data-state={state}
      className="rounded-md border border-zinc-200 bg-white px-2.5 py-1.5 text-xs dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex min-w-0 items-center gap-2">
        <span className="shrink-0 font-semibold">{tool.name}</span>
        <span
          className="min-w-0 flex-1 truncate font-mono text-zinc-600 dark:text-zinc-400"
          title={subject}
          data-testid="tool-subject"
        >
          {subject}
        </span>
        <span className={`shrink-0 text-[10px] uppercase ${STATE_TONE[state]}`}>
          {state === "running" ? "…" : state === "done" ? "" : state === "waiting" ? "waiting for you" : state}
        </span>
      </div>
      {children}
      {tool.name === "Bash" && result ? <ToolOutput content={result.content} isError={result.isError} /> : null}
    </div>
  );
}

const STATE_TONE = {
  "you denied": "text-zinc-500",
  denied: "text-red-600 dark:text-red-400",
  error: "text-red-600 dark:text-red-400",
  waiting: "font-semibold text-amber-700 dark:text-amber-400",
  running: "text-zinc-500",
  done: "text-zinc-500",
} as const;

function ToolOutput({ content, isError }: { content: string; isError: boolean }) {
  if (content.trim() === "") return null;
  const lines = content.split("\n").length;
  return (
    <details open={!isLongOutput(content)} className="mt-1" data-testid="tool-output">
      <summary className="cursor-pointer select-none text-[11px] text-zinc-500">
        Output ({lines} {lines === 1 ? "line" : "lines"})
      </summary>
      <pre
        className={`mt-1 max-h-72 overflow-auto whitespace-pre-wrap rounded bg-zinc-100 p-2 font-mono text-[11px] dark:bg-zinc-950 ${isError ? "text-red-700 dark:text-red-300" : ""}`}
      >
        {content}
      </pre>
    </details>
  );
}
