import { repoTopic, type EventHub } from "./event-hub.ts";
import { queryKeys } from "./query-keys.ts";

/**
 * Tells browsers watching the repository that a worktree's files or git state may have changed
 * (a run ended, or the worktree watcher saw a write): its changes view, the worktree list, its
 * progress and the tree dashboard are scanned again. Nothing is sent with it; git facts are always read fresh.
 */
export function publishWorktreeChanged(hub: EventHub, input: { repoId: string; worktreePath: string }): void {
  const topic = repoTopic(input.repoId);
  hub.publish(topic, { type: "invalidate", queryKey: queryKeys.changes(input.repoId, input.worktreePath) });
  hub.publish(topic, { type: "invalidate", queryKey: queryKeys.worktrees(input.repoId) });
  hub.publish(topic, { type: "invalidate", queryKey: queryKeys.worktreeProgress(input.repoId) });
  hub.publish(topic, { type: "invalidate", queryKey: queryKeys.dashboard(input.repoId) });
}
