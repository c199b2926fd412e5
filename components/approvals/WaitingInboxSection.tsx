"use client";

import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { chatHref } from "@/components/logs/logs-href.ts";
import { folderName } from "@/components/notifications/group-notifications.ts";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { describeApprovalRequest } from "./approval-text.ts";

/** The inbox's first section: every request an agent waits on, each opening its worktree's chat. */
export function WaitingInboxSection({ approvals }: { approvals: ApprovalView[] }) {
  if (approvals.length === 0) return null;
  return (
    <section
      data-testid="inbox-waiting"
      className="border-b border-amber-200 bg-amber-50/60 dark:border-amber-900 dark:bg-amber-950/30"
    >
      <h3 className="px-3 pt-2 text-[11px] font-semibold uppercase tracking-wide text-amber-800 dark:text-amber-300">
        Waiting for you ({approvals.length})
      </h3>
      <ul>
        {approvals.map((approval) => (
          <li key={approval.id} data-testid="inbox-waiting-item" data-worktree={approval.worktreePath}>
            <a
              href={chatHref({ repoId: approval.repoId, worktreePath: approval.worktreePath })}
              className="block px-3 py-1.5 text-xs hover:bg-amber-100/70 dark:hover:bg-amber-900/30"
              title="Open this worktree's chat to answer"
            >
              <span className="block truncate font-mono text-[10px] text-zinc-500" title={approval.worktreePath}>
                {folderName(approval.worktreePath)} · {formatRelativeTime(approval.createdAt)}
              </span>
              <span className="line-clamp-2 break-words">{describeApprovalRequest(approval)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
