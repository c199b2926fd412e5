import type { LandQueueEntryStatus, LandQueueProgress, LandQueueState } from "@/lib/realtime/land-queue-views.ts";
import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";

/** A queue's progress, published whole on the repository's topic at every change. */
export interface QueueProgress {
  testing(index: number): void;
  passed(index: number): void;
  update(change: {
    state: LandQueueState;
    current: number | null;
    statuses?: LandQueueEntryStatus[];
    message?: string | null;
  }): void;
}

export function createQueueProgress(
  hub: EventHub,
  input: {
    repoId: string;
    base: string;
    queue: Array<{ worktreePath: string; branch: string }>;
  },
): QueueProgress {
  let progress: LandQueueProgress = {
    repoId: input.repoId,
    base: input.base,
    state: "testing",
    current: null,
    entries: input.queue.map(({ worktreePath, branch }) => ({ worktreePath, branch, status: "waiting" })),
    message: null,
  };
  const publish = (next: LandQueueProgress) => {
    progress = next;
    hub.publish(repoTopic(input.repoId), { type: "land_queue", progress });
  };
  const setStatus = (index: number, status: LandQueueEntryStatus, current: number | null) =>
    publish({
      ...progress,
      current,
      entries: progress.entries.map((entry, at) => (at === index ? { ...entry, status } : entry)),
    });
  publish(progress);
  return {
    testing: (index) => setStatus(index, "testing", index + 1),
    passed: (index) => setStatus(index, "passed", null),
    update: ({ statuses, ...change }) =>
      publish({
        ...progress,
        ...change,
        entries: statuses
          ? progress.entries.map((entry, at) => ({ ...entry, status: statuses[at]! }))
          : progress.entries,
      }),
  };
}
