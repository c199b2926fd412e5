"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useCancelLanding, useLandQueue } from "@/components/api/worktrees-api.ts";
import { useRealtime } from "@/components/realtime/RealtimeProvider.tsx";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";
import type { LandQueueEntryStatus, LandQueueProgress } from "@/lib/realtime/land-queue-views.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import type { LandQueueEntry } from "@/lib/worktrees/worktree-types.ts";
import { VisibleName } from "@/components/ui/VisibleName.tsx";

const STATUS: Record<LandQueueEntryStatus, { label: string; tone: BadgeTone }> = {
  waiting: { label: "waiting", tone: "muted" },
  testing: { label: "testing…", tone: "sky" },
  passed: { label: "passed", tone: "emerald" },
  landed: { label: "landed", tone: "emerald" },
  failed: { label: "checks failed", tone: "red" },
  conflict: { label: "conflicts", tone: "red" },
  not_tested: { label: "not tested", tone: "zinc" },
};

/**
 * "Land in order": lands the plan's merge order as a queue, each branch tested on top of the ones
 * before it (POST /api/worktrees/land-queue). While it runs, the `land_queue` messages show which
 * branch is being tested ("Testing 2 of 3"), with Cancel; then what landed, and why it stopped.
 */
export function LandInOrderButton(props: { repoId: string; planId: string }) {
  const { repoId, planId } = props;
  const client = useQueryClient();
  const realtime = useRealtime();
  useEffect(() => realtime.subscribeRepo(repoId), [realtime, repoId]);
  const queue = useLandQueue(repoId);
  const cancel = useCancelLanding(repoId);
  const progress = useQuery<LandQueueProgress | null>({
    queryKey: queryKeys.landQueue(repoId),
    queryFn: () => null,
    initialData: null,
    staleTime: Infinity,
  });
  const start = () => {
    client.setQueryData(queryKeys.landQueue(repoId), null);
    cancel.reset();
    queue.mutate({ planId });
  };
  const live = queue.isPending ? progress.data : null;
  const entries: Array<Pick<LandQueueEntry, "branch" | "status"> & Partial<LandQueueEntry>> =
    queue.data?.entries ?? live?.entries ?? [];
  return (
    <div className="mb-3 space-y-2 text-xs" data-testid="land-in-order">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="primary"
          disabled={queue.isPending}
          onClick={start}
          data-testid="land-in-order-start"
          title="Tests each branch on top of the ones before it, then lands those that pass"
        >
          {queue.isPending ? "Landing in order…" : "Land in order"}
        </Button>
        {queue.isPending ? (
          <Button disabled={cancel.isPending} onClick={() => cancel.mutate()} data-testid="land-in-order-cancel">
            Cancel
          </Button>
        ) : null}
        <span role="status" aria-live="polite" data-testid="land-in-order-status">
          {live?.current
            ? `Testing ${live.current} of ${live.entries.length}: ${live.entries[live.current - 1]?.branch}`
            : null}
          {live?.state === "landing" ? `Landing into ${live.base}…` : null}
          {queue.data?.state === "landed" ? `Landed every branch into ${queue.data.base}.` : null}
        </span>
      </div>
      {entries.length > 0 ? (
        <ol className="space-y-1" data-testid="land-in-order-entries">
          {entries.map((entry) => (
            <QueueEntryRow key={entry.branch} entry={entry} />
          ))}
        </ol>
      ) : null}
      {queue.data?.message ? (
        <p className="text-red-700 dark:text-red-300" data-testid="land-in-order-message">
          <TextWithCode text={queue.data.message} />
        </p>
      ) : null}
      {queue.error ? <ErrorNotice error={queue.error} testId="land-in-order-error" /> : null}
      {cancel.error ? <ErrorNotice error={cancel.error} testId="land-in-order-cancel-error" /> : null}
    </div>
  );
}

function QueueEntryRow({ entry }: { entry: Pick<LandQueueEntry, "branch" | "status"> & Partial<LandQueueEntry> }) {
  const failing = entry.status === "failed" ? entry.checks?.find((check) => check.status !== "passed") : undefined;
  return (
    <li data-testid="land-in-order-entry" data-branch={entry.branch} data-status={entry.status}>
      <div className="flex flex-wrap items-center gap-2">
        <VisibleName name={entry.branch} className="break-all font-mono" />
        <Badge tone={STATUS[entry.status].tone}>{STATUS[entry.status].label}</Badge>
        {entry.conflictingFiles?.length ? (
          <span className="break-all text-red-700 dark:text-red-300">in {entry.conflictingFiles.join(", ")}</span>
        ) : null}
      </div>
      {failing ? (
        <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded border border-zinc-200 bg-zinc-50 p-2 font-mono text-[11px] dark:border-zinc-800 dark:bg-zinc-950">
          {failing.output || failing.message}
        </pre>
      ) : null}
    </li>
  );
}
