"use client";

import { useChatSession } from "@/components/api/chat-api.ts";
import { useWorktreeSessions } from "@/components/api/memory-api.ts";
import { ChatPanel } from "@/components/chat/ChatPanel.tsx";
import type { ChatTarget } from "@/components/memory/chat-target.ts";
import type { LedgerEntryView } from "@/components/api/ledger-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

/**
 * Opens (or creates) the worktree's chat session and shows it, or the conversation `target`
 * names: an archived one is shown read-only.
 */
export function OpenWorktreeChat(props: {
  repoId: string;
  worktreePath: string;
  branch: string | null;
  target: ChatTarget;
  onOpenSession: (sessionId: string | null) => void;
  onJumpToEntry?: (entry: LedgerEntryView) => void;
}) {
  const active = useChatSession({ repoId: props.repoId, worktreePath: props.worktreePath });
  const sessions = useWorktreeSessions({ repoId: props.repoId, worktreePath: props.worktreePath });
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
