"use client";

import { useHookStatus, useChangeHooks } from "@/components/api/hooks-api.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { describeHookStatus } from "./hook-status-text.ts";

/**
 * Whether Claude sessions in this worktree report to Arbor: the scopes whose settings carry Arbor's
 * hooks (user, project, local), and Install right here (this worktree's local settings, as the Logs
 * page does). A file Arbor will not rewrite comes back with the reason, and the Logs page has the snippet.
 */
export function WorktreeHooksStatus(props: { repoId: string; worktreePath: string }) {
  const status = useHookStatus(props);
  const install = useChangeHooks();
  if (!status.data) return null;
  const view = describeHookStatus(status.data);
  const manual = install.data?.find((file) => file.outcome === "manual");
  const problem = install.error instanceof Error ? install.error.message : (manual?.reason ?? null);
  return (
    <div
      className="flex items-center gap-1.5"
      data-testid="worktree-hooks"
      data-installed-in={status.data.installedIn.join(" ")}
    >
      <Badge tone={view.tone} title={view.details.join("\n")} data-testid="worktree-hooks-label">
        {view.label}
      </Badge>
      <span className="sr-only">{view.details.join("; ")}</span>
      {view.canInstall ? (
        <Button
          size="xs"
          data-testid="worktree-hooks-install"
          disabled={install.isPending}
          title="Install Arbor's hooks in this worktree's local settings (.claude/settings.local.json), so terminal sessions here show up in Arbor too"
          onClick={() =>
            install.mutate({
              scope: "worktree",
              repoId: props.repoId,
              worktreePath: props.worktreePath,
              action: "install",
              apply: true,
            })
          }
        >
          {install.isPending ? "Installing…" : "Install"}
        </Button>
      ) : null}
      {problem ? (
        <p
          role="alert"
          data-testid="worktree-hooks-error"
          className="max-w-64 text-[11px] text-red-700 dark:text-red-400"
        >
          {problem}
        </p>
      ) : null}
    </div>
  );
}
