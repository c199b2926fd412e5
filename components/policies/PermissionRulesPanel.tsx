"use client";

import {
  usePermissionRules,
  useRemovePermissionRule,
  type PermissionRuleView,
} from "@/components/api/approvals-api.ts";
import { folderName } from "@/components/notifications/group-notifications.ts";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";

const SCOPE_LOOK: Record<
  PermissionRuleView["scope"],
  { tone: BadgeTone; label: (rule: PermissionRuleView) => string }
> = {
  worktree: { tone: "sky", label: (rule) => `worktree ${folderName(rule.worktreePath ?? "")}` },
  repo: { tone: "violet", label: () => "this repository" },
  global: { tone: "amber", label: () => "all of Arbor" },
};

/**
 * The "Allow always" rules in effect here: this repository's, its worktrees' and Arbor-wide ones.
 * Removing one makes later runs ask again.
 */
export function PermissionRulesPanel({ repoId }: { repoId: string }) {
  const rules = usePermissionRules(repoId);
  const remove = useRemovePermissionRule(repoId);
  return (
    <section
      data-testid="permission-rules-panel"
      className="space-y-1.5 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <h2 className="text-sm font-semibold">Always allowed</h2>
      <p className="text-[11px] text-zinc-500">
        Tools and commands Claude may use without asking, saved with &quot;Allow always&quot; on a request. They apply
        from the next message on.
      </p>
      {rules.error ? <ErrorNotice error={rules.error} testId="permission-rules-error" /> : null}
      {remove.error ? <ErrorNotice error={remove.error} testId="permission-rules-error" /> : null}
      {rules.isPending ? <p className="text-xs text-zinc-500">Loading rules…</p> : null}
      {rules.data?.length === 0 ? (
        <p className="text-xs text-zinc-500" data-testid="permission-rules-empty">
          Nothing yet: every tool that is not allowed in Settings asks first.
        </p>
      ) : null}
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {rules.data?.map((rule) => {
          const look = SCOPE_LOOK[rule.scope];
          return (
            <li
              key={rule.id}
              data-testid="permission-rule"
              data-scope={rule.scope}
              className="flex flex-wrap items-center gap-x-2 gap-y-1 py-1.5"
            >
              <code className="min-w-0 flex-1 break-all font-mono text-xs" data-testid="permission-rule-label">
                {rule.label}
              </code>
              <Badge tone={look.tone} title={rule.worktreePath ?? undefined}>
                {look.label(rule)}
              </Badge>
              <span className="text-[11px] text-zinc-500">{formatRelativeTime(rule.createdAt)}</span>
              <Button
                size="xs"
                data-testid="permission-rule-remove"
                disabled={remove.isPending}
                onClick={() => remove.mutate(rule.id)}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
