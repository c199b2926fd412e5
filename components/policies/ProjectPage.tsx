"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { usePins } from "@/components/api/pins-api.ts";
import { chatHref, logsHref } from "@/components/logs/logs-href.ts";
import { ConnectionIndicator } from "@/components/realtime/ConnectionIndicator.tsx";
import { useRealtime } from "@/components/realtime/RealtimeProvider.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { HookChainPanel } from "./HookChainPanel.tsx";
import { PermissionRulesPanel } from "./PermissionRulesPanel.tsx";
import { PoliciesPanel } from "./PoliciesPanel.tsx";
import { RepoChooser } from "./RepoChooser.tsx";
import { TopicsPanel } from "./TopicsPanel.tsx";

const linkClass = "text-sm text-zinc-600 hover:text-emerald-700 dark:text-zinc-400 dark:hover:text-emerald-400";

/**
 * /project?repo=<id>: a repository's hook policies, its "Allow always" rules, the recorder's topics
 * and decisions, and its hook chain.
 */
export function ProjectPage() {
  const params = useSearchParams();
  const repoId = params.get("repo");
  const worktreePath = params.get("wt");
  const pins = usePins();
  const pin = pins.data?.find((item) => item.repoId === repoId) ?? null;
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-6xl p-6">
        <nav className="flex items-center gap-4">
          <Link href={chatHref({ repoId, worktreePath })} data-testid="project-back" className={linkClass}>
            ← Back to Arbor
          </Link>
          <Link href={logsHref()} data-testid="project-logs-link" className={linkClass}>
            Logs
          </Link>
          <span className="ml-auto">
            <ConnectionIndicator />
          </span>
        </nav>
        <h1 className="mb-1 mt-3 text-lg font-semibold tracking-tight" data-testid="project-title">
          {pin ? (pin.label ?? pin.repoName) : "Project"}
        </h1>
        <p className="mb-4 truncate text-sm text-zinc-500" title={pin?.repoRoot}>
          {pin
            ? pin.repoRoot
            : "Hook policies, always-allowed tools, the conversation recorder's topics and decisions, and the hooks in effect."}
        </p>
        {pins.error ? <ErrorNotice error={pins.error} testId="project-error" /> : null}
        {!repoId && pins.data ? <RepoChooser pins={pins.data} /> : null}
        {repoId && pins.isSuccess && !pin ? (
          <ErrorNotice
            error="This repository is not pinned (any more). Pin it on the main page, then open its project page from the sidebar."
            testId="project-error"
          />
        ) : null}
        {pin ? <ProjectView repoId={pin.repoId} worktreePath={worktreePath} /> : null}
      </div>
    </div>
  );
}

function ProjectView({ repoId, worktreePath }: { repoId: string; worktreePath: string | null }) {
  const realtime = useRealtime();
  // The recorder announces new entries and summaries on the repository's feed.
  useEffect(() => realtime.subscribeRepo(repoId), [realtime, repoId]);
  return (
    <div
      className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]"
      data-testid="project-view"
      data-repo={repoId}
    >
      <div className="min-w-0 space-y-4">
        <PoliciesPanel repoId={repoId} />
        <PermissionRulesPanel repoId={repoId} />
        <HookChainPanel repoId={repoId} initialWorktreePath={worktreePath} />
      </div>
      <div className="min-w-0">
        <TopicsPanel repoId={repoId} />
      </div>
    </div>
  );
}
