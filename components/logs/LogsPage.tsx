"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { ConnectionIndicator } from "@/components/realtime/ConnectionIndicator.tsx";
import { AllLogsView } from "./AllLogsView.tsx";
import { chatHref, logsHref, readLogsLocation } from "./logs-href.ts";
import { WorktreeLogsView } from "./WorktreeLogsView.tsx";

const linkClass = "text-sm text-zinc-600 hover:text-emerald-700 dark:text-zinc-400 dark:hover:text-emerald-400";

/**
 * /logs: the Claude Code hook events Arbor captured. With `repo` and `worktree` (or `wt`) it shows
 * that worktree's hooks panel and timeline; with `session`, one session in order.
 */
export function LogsPage() {
  const location = readLogsLocation(useSearchParams());
  const worktree =
    location.repoId && location.worktreePath ? { repoId: location.repoId, worktreePath: location.worktreePath } : null;
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-6xl p-6">
        <nav className="flex items-center gap-4">
          <Link href={chatHref(location)} data-testid="logs-back" className={linkClass}>
            ← Back to Arbor
          </Link>
          {worktree || location.sessionId ? (
            <Link href={logsHref()} data-testid="logs-all-link" className={linkClass}>
              All logs
            </Link>
          ) : null}
          <span className="ml-auto">
            <ConnectionIndicator />
          </span>
        </nav>
        <h1 className="mb-1 mt-3 text-lg font-semibold tracking-tight">{worktree ? "Worktree timeline" : "Logs"}</h1>
        <p className="mb-4 text-sm text-zinc-500">
          Claude Code hook events from Arbor&apos;s runs and from terminal sessions, as they happen.
        </p>
        {worktree ? (
          <WorktreeLogsView repoId={worktree.repoId} worktreePath={worktree.worktreePath} />
        ) : (
          <AllLogsView sessionId={location.sessionId} />
        )}
      </div>
    </div>
  );
}
