"use client";

import type { WorktreeActivity } from "@/lib/realtime/chat-views.ts";
import { Badge } from "@/components/ui/Badge.tsx";

/**
 * Claude's activity in a worktree's chat: "waiting for you" while a request waits on the user, a
 * spinner while running, "queued", or an unread dot.
 */
export function WorktreeActivityBadge({
  activity,
  isOpen,
}: {
  activity: WorktreeActivity | undefined;
  isOpen: boolean;
}) {
  if (!activity) return null;
  if (activity.state === "waiting") {
    return (
      <Badge
        tone="amber"
        size="xs"
        data-testid="worktree-waiting"
        title="Claude asked something (a tool to allow, a question, a plan) and waits for your answer"
        className="inline-flex items-center gap-1 whitespace-nowrap"
      >
        <span className="h-1.5 w-1.5 rounded-full bg-amber-500" aria-hidden />
        waiting for you
      </Badge>
    );
  }
  if (activity.state === "running") {
    return (
      <span
        data-testid="worktree-running"
        title="Claude is answering"
        className="inline-flex items-center gap-1 text-[11px] text-emerald-700 dark:text-emerald-400"
      >
        <span
          className="h-3 w-3 motion-safe:animate-spin rounded-full border-2 border-emerald-500 border-t-transparent"
          aria-hidden
        />
        running
      </span>
    );
  }
  if (activity.state === "queued") {
    return (
      <Badge
        tone="zinc"
        size="xs"
        data-testid="worktree-queued"
        title="Waiting for a free run slot"
        className="uppercase"
      >
        queued
      </Badge>
    );
  }
  if (activity.hasUnread && !isOpen) {
    return (
      <span
        data-testid="worktree-unread"
        title="New answer"
        className="inline-flex items-center gap-1 text-[11px] font-medium text-emerald-700 dark:text-emerald-400"
      >
        <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden />
        new
      </span>
    );
  }
  return null;
}
