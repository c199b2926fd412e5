"use client";

import { formatToolRule } from "@/lib/approvals/classify-request.ts";
import type { RunView } from "@/lib/realtime/chat-views.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { describeDenialFix } from "./describe-denial-fix.ts";
import { retryRulesFor } from "./retry-rules.ts";
import { useRetryRun } from "./use-chat-mutations.ts";

/**
 * The tools Claude was refused in a run, how to allow them for good, and "Allow and retry": the same
 * message runs again with exactly these allowed, for that one run. What the user refused on its card
 * is their decision, shown on its tool card, and never offered again here.
 */
export function DenialNotice(props: {
  denials: RunView["permissionDenials"];
  retry: { runId: string; session: { sessionId: string; repoId: string } } | null;
}) {
  const refused = props.denials.filter((denial) => !denial.byUser);
  const toolNames = [...new Set(refused.map((denial) => denial.toolName))];
  const rules = retryRulesFor(refused);
  if (toolNames.length === 0) return null;
  return (
    <div
      data-testid="permission-denials"
      className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {toolNames.map((toolName) => (
        <p key={toolName} data-testid="permission-denial" data-tool={toolName}>
          Claude was not allowed to use <strong>{toolName}</strong>. {describeDenialFix(toolName)}{" "}
          <a href="/settings" className="underline" data-testid="denial-settings-link">
            Open settings
          </a>
        </p>
      ))}
      {props.retry && rules.length > 0 ? <AllowAndRetry rules={rules} {...props.retry} /> : null}
    </div>
  );
}

function AllowAndRetry(props: {
  rules: ReturnType<typeof retryRulesFor>;
  runId: string;
  session: { sessionId: string; repoId: string };
}) {
  const retry = useRetryRun(props.session);
  return (
    <div className="flex flex-wrap items-center gap-2 pt-0.5">
      <Button
        size="sm"
        variant="primary"
        data-testid="allow-and-retry"
        disabled={retry.isPending || retry.isSuccess}
        onClick={() => retry.mutate({ runId: props.runId, allowTools: props.rules })}
      >
        {retry.isPending ? "Retrying…" : "Allow and retry"}
      </Button>
      <span className="min-w-0">
        runs this message again with{" "}
        {props.rules.map((rule) => (
          <code key={formatToolRule(rule)} className="mr-1 break-all font-mono text-[11px]">
            {formatToolRule(rule)}
          </code>
        ))}
        allowed, for that run only.
      </span>
      {retry.error ? <ErrorNotice error={retry.error} testId="allow-and-retry-error" /> : null}
    </div>
  );
}
