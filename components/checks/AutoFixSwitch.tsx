"use client";

import { useSetAutoFix } from "@/components/api/checks-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Checkbox } from "@/components/ui/FormFields.tsx";
import { describeAutoFix } from "@/lib/checks/auto-fix/auto-fix-view.ts";
import type { AutoFixView } from "@/lib/realtime/check-views.ts";

/**
 * The worktree's automatic "Fix with Claude": when on, a check that fails after a Claude run goes
 * back to Claude by itself, a few times in a row, then Arbor stops and asks (What needs you).
 */
export function AutoFixSwitch(props: {
  worktree: { repoId: string; worktreePath: string };
  autoFix: AutoFixView;
  /** The worktree's latest checks fail (with no fix left, Arbor has stopped). */
  isFailing: boolean;
  isReadOnly: boolean;
}) {
  const save = useSetAutoFix(props.worktree);
  const { autoFix } = props;
  return (
    <div data-testid="auto-fix" data-enabled={autoFix.enabled} data-remaining={autoFix.remaining}>
      <label className="flex items-center gap-2 text-xs">
        <Checkbox
          data-testid="auto-fix-switch"
          checked={autoFix.enabled}
          disabled={props.isReadOnly || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        <span className="font-medium">Fix failures automatically</span>
        <span
          data-testid="auto-fix-left"
          className={autoFix.hasGivenUp && props.isFailing ? "text-red-700 dark:text-red-400" : "text-zinc-500"}
        >
          {describeAutoFix(autoFix, { isFailing: props.isFailing })}
        </span>
      </label>
      {save.error ? <ErrorNotice error={save.error} testId="auto-fix-error" /> : null}
    </div>
  );
}
