"use client";

import type { RunView, ToolCallView } from "@/lib/chat/chat-types.ts";
import { describeDenialFix } from "./describe-denial-fix.ts";
import { ToolCard } from "./ToolCard.tsx";

/** The tool calls of a run, then the tools Claude asked for and was not allowed to use. */
export function ToolCards({ tools, denials = [] }: { tools: ToolCallView[]; denials?: RunView["permissionDenials"] }) {
  if (tools.length === 0 && denials.length === 0) return null;
  const deniedIds = new Set(denials.map((denial) => denial.toolUseId));
  const deniedNames = [...new Set(denials.map((denial) => denial.toolName))];
  return (
    <div className="mb-2 space-y-1" data-testid="tool-cards">
      {tools.map((tool) => (
        <ToolCard key={tool.id} tool={tool} isDenied={deniedIds.has(tool.id)} />
      ))}
      {deniedNames.map((toolName) => (
        <p
          key={toolName}
          data-testid="permission-denial"
          data-tool={toolName}
          className="rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          Claude was not allowed to use <strong>{toolName}</strong>. {describeDenialFix(toolName)}{" "}
          <a href="/settings" className="underline" data-testid="denial-settings-link">
            Open settings
          </a>
        </p>
      ))}
    </div>
  );
}
