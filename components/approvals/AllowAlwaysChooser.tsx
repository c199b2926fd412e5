"use client";

import { SCOPE_LABELS } from "@/lib/approvals/build-answer.ts";
import { ALWAYS_SCOPES, type AlwaysScope } from "@/lib/approvals/approval-types.ts";
import { formatToolRule } from "@/lib/approvals/classify-request.ts";
import type { ToolRule } from "@/lib/realtime/approval-view.ts";
import { Button } from "@/components/ui/Button.tsx";

/**
 * "Allow always": the rule the CLI suggested (this exact command, or the tool), and where to save
 * it; one click answers. Saved rules are listed, and removable, on the Project page.
 */
export function AllowAlwaysChooser(props: {
  rules: ToolRule[];
  isBusy: boolean;
  onChoose: (scope: AlwaysScope) => void;
  onCancel: () => void;
}) {
  return (
    <div
      data-testid="approval-always-chooser"
      className="mt-2 space-y-1.5 rounded-md border border-zinc-200 p-2 dark:border-zinc-800"
    >
      <p>
        Always allow{" "}
        {props.rules.map((rule, index) => (
          <code
            key={index}
            data-testid="approval-always-rule"
            className="mr-1 break-all rounded bg-zinc-100 px-1 font-mono text-[11px] dark:bg-zinc-800"
          >
            {formatToolRule(rule)}
          </code>
        ))}
        without asking, in:
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {ALWAYS_SCOPES.map((scope) => (
          <Button
            key={scope}
            size="md"
            variant={scope === "worktree" ? "primary" : "secondary"}
            disabled={props.isBusy}
            data-testid={`approval-always-${scope}`}
            onClick={() => props.onChoose(scope)}
          >
            {SCOPE_LABELS[scope]}
          </Button>
        ))}
        <Button size="md" variant="ghost" onClick={props.onCancel} data-testid="approval-always-cancel">
          Cancel
        </Button>
      </div>
    </div>
  );
}
