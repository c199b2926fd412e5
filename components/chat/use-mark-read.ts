"use client";

import { useEffect } from "react";
import { useRepoActivity } from "@/components/realtime/use-repo-activity.ts";
import { useMarkRead } from "./use-chat-mutations.ts";

/**
 * Marks the open worktree's chat as read when it opens and whenever the activity feed says it
 * has unread answers (a run finished while it was open). The effect depends on the boolean, so
 * a server that keeps answering "unread" cannot cause a request loop.
 */
export function useMarkReadWhileOpen(session: { sessionId: string; repoId: string }): void {
  const activity = useRepoActivity(session.repoId);
  const markRead = useMarkRead(session.repoId);
  const { mutate } = markRead;
  const hasUnread =
    activity.data?.some((worktree) => worktree.sessionId === session.sessionId && worktree.hasUnread) ?? false;

  useEffect(() => {
    mutate(session.sessionId);
  }, [mutate, session.sessionId]);

  useEffect(() => {
    if (hasUnread) mutate(session.sessionId);
  }, [mutate, hasUnread, session.sessionId]);
}
