"use client";

import { useChatSession } from "@/components/api/chat-api";
import { ChatPanel } from "@/components/chat/ChatPanel";
import { ErrorNotice } from "@/components/ui/ErrorNotice";

/** Opens (or creates) the worktree's chat session, then shows its conversation. */
export function OpenWorktreeChat(props: { repoId: string; worktreePath: string; branch: string | null }) {
  const session = useChatSession({ repoId: props.repoId, worktreePath: props.worktreePath });
  if (session.error) {
    return (
      <div className="m-auto max-w-md p-8">
        <ErrorNotice error={session.error} testId="chat-open-error" />
      </div>
    );
  }
  if (!session.data) return <p className="m-auto text-sm text-zinc-500">Opening the conversation…</p>;
  return <ChatPanel key={session.data.id} session={session.data} branch={props.branch} />;
}
