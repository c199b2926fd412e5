"use client";

import { useRepoCosts } from "@/components/api/costs-api.ts";
import { formatUsd } from "@/lib/chat/costs/roll-up-costs.ts";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/Button.tsx";
import type { SessionView } from "@/lib/realtime/chat-views.ts";
import { PermissionModeMenu } from "@/components/approvals/PermissionModeMenu.tsx";
import { MemoryActions } from "@/components/memory/MemoryActions.tsx";
import { SessionSwitcher } from "@/components/memory/SessionSwitcher.tsx";
import { ExportButton } from "@/components/memory/ExportButton.tsx";
import { WorktreeHooksStatus } from "./WorktreeHooksStatus.tsx";
import { VisibleName } from "@/components/ui/VisibleName.tsx";

/**
 * Which worktree this conversation runs in (branch and path), whether Arbor's hooks are installed
 * there, its permission mode, its other conversations and its memory tools.
 */
export function ChatHeader(props: {
  session: SessionView;
  branch: string | null;
  isReadOnly: boolean;
  onOpenSession: (sessionId: string | null) => void;
  onSummarized: () => void;
  /** The permission mode changed (the server dropped the warm CLI it had for the old one). */
  onModeChanged: () => void;
  /** Extra view controls placed before Export (the timeline toggle). */
  children?: ReactNode;
}) {
  const { session } = props;
  const branchName = props.branch ?? session.branchName;
  // On a phone the header is one line (branch, mode, More); More shows the rest below it.
  const [isMoreOpen, setMoreOpen] = useState(false);
  return (
    <header
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 px-4 py-2 max-md:px-3 max-md:py-1.5 dark:border-zinc-800"
      data-testid="chat-header"
    >
      {/* Wide enough for the path and the cost line to be read; the tools wrap onto the next line first. */}
      <div className="min-w-32 flex-1 md:basis-64">
        <h2 className="truncate text-sm font-semibold" data-testid="chat-branch">
          {branchName ? <VisibleName name={branchName} /> : "detached HEAD"}
        </h2>
        <p
          className="truncate font-mono text-[11px] text-zinc-500 max-md:hidden"
          title={session.worktreePath}
          data-testid="chat-worktree-path"
        >
          {session.worktreePath}
        </p>
        <div className="max-md:hidden">
          <WorktreeCost repoId={session.repoId} worktreePath={session.worktreePath} />
        </div>
      </div>
      {props.isReadOnly ? null : (
        <PermissionModeMenu
          repoId={session.repoId}
          worktreePath={session.worktreePath}
          onChanged={props.onModeChanged}
        />
      )}
      <Button
        className="md:hidden"
        data-testid="chat-header-more"
        aria-expanded={isMoreOpen}
        onClick={() => setMoreOpen((open) => !open)}
      >
        {isMoreOpen ? "Less ▴" : "More ▾"}
      </Button>
      <div
        className={`${isMoreOpen ? "max-md:flex max-md:w-full max-md:flex-wrap max-md:gap-2" : "max-md:hidden"} md:contents`}
        data-testid="chat-header-tools"
      >
        {props.isReadOnly ? null : <WorktreeHooksStatus repoId={session.repoId} worktreePath={session.worktreePath} />}
        <SessionSwitcher shown={session} onOpen={props.onOpenSession} />
        {props.children}
        <ExportButton sessionId={session.id} />
        {props.isReadOnly ? null : (
          <MemoryActions session={session} onSummarized={props.onSummarized} onArchived={props.onOpenSession} />
        )}
      </div>
    </header>
  );
}

/** What this worktree's agents cost, in all and today (nothing before its first run reports one). */
function WorktreeCost(props: { repoId: string; worktreePath: string }) {
  const costs = useRepoCosts(props.repoId);
  const here = costs.data?.byWorktree.find((entry) => entry.worktreePath === props.worktreePath);
  if (!here) return null;
  const text = `${formatUsd(here.totalUsd)} over ${here.runs === 1 ? "1 run" : `${here.runs} runs`} · ${formatUsd(here.todayUsd)} today`;
  return (
    <p className="truncate text-[11px] text-zinc-500" data-testid="worktree-costs" title={text}>
      {text}
    </p>
  );
}
