"use client";

import { useEffect } from "react";
import { useChatSession } from "@/components/api/chat-api.ts";
import { useWorktreeSessions } from "@/components/api/memory-api.ts";
import { ChatPanel } from "@/components/chat/ChatPanel.tsx";
import type { ChatTarget } from "@/components/memory/chat-target.ts";
import type { LedgerEntryView } from "@/components/api/ledger-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

/**
 * Opens (or creates) the worktree's chat session and shows it, or the conversation `target`
 * names: an archived one is shown read-only. A removed worktree's last conversation is shown
 * read-only too, and none is created for it.
 */
export function OpenWorktreeChat(props: {
  repoId: string;
  worktreePath: string;
  branch: string | null;
  /** Git no longer lists the worktree. */
  isRemoved: boolean;
  target: ChatTarget;
  onOpenSession: (sessionId: string | null) => void;
  onJumpToEntry?: (entry: LedgerEntryView) => void;
}) {
  const active = useChatSession({ repoId: props.repoId, worktreePath: props.isRemoved ? null : props.worktreePath });
  const sessions = useWorktreeSessions({ repoId: props.repoId, worktreePath: props.worktreePath });
  if (props.isRemoved) return <RemovedWorktreeChat {...props} sessions={sessions} />;
  const wantedId = props.target.sessionId ?? active.data?.id ?? null;
  const session = active.data?.id === wantedId ? active.data : sessions.data?.find((item) => item.id === wantedId);
  const error = session ? null : props.target.sessionId ? sessions.error : active.error;

  if (error) {
    return (
      <div className="m-auto max-w-md p-8">
        <ErrorNotice error={error} testId="chat-open-error" />
      </div>
    );
  }
  if (!session) {
    const isMissing = props.target.sessionId !== null && sessions.isSuccess;
    return (
      <p className="m-auto text-sm text-zinc-500">
        {isMissing ? "That conversation is not one of this worktree's." : "Opening the conversation…"}
      </p>
    );
  }
  // Only the worktree's active session takes new messages; any other one is history.
  const isReadOnly = session.status === "archived" || (active.data !== undefined && session.id !== active.data.id);
  return (
    <ChatPanel
      key={session.id}
      session={session}
      branch={props.branch}
      isReadOnly={isReadOnly}
      focus={props.target.focus}
      onOpenSession={props.onOpenSession}
      onJumpToEntry={props.onJumpToEntry}
    />
  );
}

/** A removed worktree's conversation (the one asked for, else its latest), read-only, fresh from the server. */
function RemovedWorktreeChat(props: {
  branch: string | null;
  target: ChatTarget;
  sessions: ReturnType<typeof useWorktreeSessions>;
  onOpenSession: (sessionId: string | null) => void;
  onJumpToEntry?: (entry: LedgerEntryView) => void;
}) {
  const { sessions } = props;
  const { refetch } = sessions;
  // The cached list was read while the worktree existed: its conversation is archived now.
  useEffect(() => void refetch(), [refetch]);
  if (sessions.error) {
    return (
      <div className="m-auto max-w-md p-8">
        <ErrorNotice error={sessions.error} testId="chat-open-error" />
      </div>
    );
  }
  if (!sessions.data) return <p className="m-auto text-sm text-zinc-500">Opening the conversation…</p>;
  const session =
    sessions.data.find((item) => item.id === props.target.sessionId) ??
    [...sessions.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!session) {
    return (
      <p data-testid="removed-worktree-empty" className="m-auto text-sm text-zinc-500">
        This worktree was removed. It had no conversation.
      </p>
    );
  }
  return (
    <ChatPanel
      key={session.id}
      session={session}
      branch={props.branch}
      isReadOnly
      isWorktreeRemoved
      focus={props.target.focus}
      onOpenSession={props.onOpenSession}
      onJumpToEntry={props.onJumpToEntry}
    />
  );
}
