"use client";

import type { SessionView } from "@/lib/chat/chat-types";

/** Which worktree this conversation runs in: branch and path. */
export function ChatHeader({ session, branch }: { session: SessionView; branch: string | null }) {
  const branchName = branch ?? session.branchName;
  return (
    <header className="flex items-center gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800" data-testid="chat-header">
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-sm font-semibold" data-testid="chat-branch">
          {branchName ?? "detached HEAD"}
        </h2>
        <p className="truncate font-mono text-[11px] text-zinc-500" title={session.worktreePath} data-testid="chat-worktree-path">
          {session.worktreePath}
        </p>
      </div>
    </header>
  );
}
