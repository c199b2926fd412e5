"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useMergeOrder } from "@/components/api/merge-order-api.ts";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import type { MergeOrder, MergeOrderEntry, MergeOrderState } from "@/lib/design/merge-order/merge-order.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";
import { LandInOrderButton } from "./LandInOrderButton.tsx";
import { VisibleName, visibleName } from "@/components/ui/VisibleName.tsx";

/** The listed files of `count`, with how many more there are. */
function listFiles(files: readonly string[], count: number): string {
  const shown = files.join(", ");
  return count > files.length ? `${shown} and ${count - files.length} more` : shown;
}

const STATE_LABEL: Record<MergeOrderState, string> = {
  landed: "landed",
  ready: "ready to land",
  waiting: "waits for its parent",
  no_commits: "no commits yet",
  not_created: "not created",
};
const STATE_TONE: Record<MergeOrderState, BadgeTone> = {
  landed: "sky",
  ready: "emerald",
  waiting: "zinc",
  no_commits: "zinc",
  not_created: "muted",
};

/** The plan's branches in the order to land them on the base, with what would conflict. */
export function MergeOrderPanel(props: { repoId: string; planId: string; dashboardUpdatedAt: number }) {
  const { repoId, planId, dashboardUpdatedAt } = props;
  const client = useQueryClient();
  const query = useMergeOrder({ repoId, planId });
  // Git was read again for the dashboard (a rescan, a branch made, a landing): read the order again too.
  const seen = useRef(dashboardUpdatedAt);
  useEffect(() => {
    if (seen.current === dashboardUpdatedAt) return;
    seen.current = dashboardUpdatedAt;
    void client.invalidateQueries({ queryKey: queryKeys.mergeOrder(repoId, planId) });
  }, [client, repoId, planId, dashboardUpdatedAt]);
  return (
    <section data-testid="merge-order" aria-labelledby="merge-order-title" className="mt-6">
      <h3 id="merge-order-title" className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">
        Merge order{query.data?.base ? ` into ${query.data.base}` : ""}
      </h3>
      {query.error ? <ErrorNotice error={query.error} testId="merge-order-error" /> : null}
      {query.isPending ? (
        <p className="text-sm text-zinc-500" data-testid="merge-order-loading">
          Checking what would conflict…
        </p>
      ) : null}
      {query.data ? <MergeOrderBody order={query.data} repoId={repoId} planId={planId} /> : null}
    </section>
  );
}

function MergeOrderBody({ order, repoId, planId }: { order: MergeOrder; repoId: string; planId: string }) {
  if (order.entries.length === 0)
    return <p className="text-sm text-zinc-500">The design has no nodes yet, so there is nothing to land.</p>;
  const hasBranchesToLand = order.entries.some(
    (entry) => entry.step !== null && (entry.state === "ready" || entry.state === "waiting"),
  );
  return (
    <>
      {hasBranchesToLand ? <LandInOrderButton repoId={repoId} planId={planId} /> : null}
      <p className="mb-2 text-xs text-zinc-500">
        Parents land before their children. Conflicts are measured with git merge-tree, without touching any worktree.
      </p>
      {order.warnings.length > 0 ? (
        <ul
          data-testid="merge-order-warnings"
          className="mb-3 space-y-1 rounded-md border border-amber-200 bg-amber-50/60 p-3 dark:border-amber-900 dark:bg-amber-950/20"
        >
          {order.warnings.map((warning) => (
            <li
              key={`${warning.code}:${warning.slug}`}
              data-testid="merge-order-warning"
              data-code={warning.code}
              className="text-xs text-amber-800 dark:text-amber-300"
            >
              ⚠ <TextWithCode text={warning.message} />
            </li>
          ))}
        </ul>
      ) : null}
      <ol className="space-y-2">
        {order.entries.map((entry) => (
          <MergeOrderRow key={entry.slug} entry={entry} base={order.base ?? "the base"} />
        ))}
      </ol>
    </>
  );
}

function MergeOrderRow({ entry, base }: { entry: MergeOrderEntry; base: string }) {
  const indent = Math.min(entry.depth, 4);
  // Its turn has come, but landing it now would conflict with the base: not "ready" yet.
  const needsResolving = entry.state === "ready" && entry.baseConflictCount > 0;
  return (
    <li
      data-testid="merge-order-entry"
      data-branch={entry.branch}
      data-state={entry.state}
      data-step={entry.step ?? ""}
      style={{ marginInlineStart: `${indent * 1.25}rem` }}
      className="rounded-md border border-zinc-200 bg-white px-3 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span
          aria-hidden={entry.step === null ? true : undefined}
          aria-label={entry.step === null ? undefined : `Step ${entry.step}`}
          className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-zinc-100 px-1.5 text-xs font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
        >
          {entry.step ?? (entry.state === "landed" ? "✓" : "·")}
        </span>
        <VisibleName name={entry.branch} className="break-all font-mono text-xs text-zinc-800 dark:text-zinc-200" />
        <span className="text-zinc-600 dark:text-zinc-400">{entry.title}</span>
        <Badge tone={needsResolving ? "amber" : STATE_TONE[entry.state]} data-testid="merge-order-state">
          {needsResolving ? "next, once its conflicts are resolved" : STATE_LABEL[entry.state]}
        </Badge>
        {entry.ahead !== null && entry.state !== "landed" ? (
          <span className="text-xs text-zinc-500" title={`Commits ahead of / behind ${base}`}>
            {entry.ahead} ahead · {entry.behind ?? 0} behind
          </span>
        ) : null}
      </div>
      {entry.landsAfter.length > 0 ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          After: {entry.landsAfter.map(visibleName).join(", ")}
        </p>
      ) : null}
      {entry.baseConflictCount > 0 ? (
        <p data-testid="merge-order-base-conflicts" className="mt-1 break-all text-xs text-red-700 dark:text-red-300">
          Conflicts with {base}: {listFiles(entry.baseConflicts, entry.baseConflictCount)}
        </p>
      ) : null}
      {entry.siblingRisks.map((risk) => (
        <p
          key={risk.branch}
          data-testid="merge-order-sibling-risk"
          data-sibling={risk.branch}
          data-conflicts={risk.conflictingFileCount > 0 ? "yes" : risk.isChecked ? "no" : "unknown"}
          className={
            risk.conflictingFileCount > 0
              ? "mt-1 break-all text-xs text-red-700 dark:text-red-300"
              : "mt-1 break-all text-xs text-amber-800 dark:text-amber-300"
          }
        >
          {risk.conflictingFileCount > 0
            ? `Conflicts with ${visibleName(risk.branch)}: ${listFiles(risk.conflictingFiles, risk.conflictingFileCount)}`
            : risk.isChecked
              ? `Also changed by ${visibleName(risk.branch)} (merges cleanly): ${listFiles(risk.sharedFiles, risk.sharedFileCount)}`
              : `Also changed by ${visibleName(risk.branch)} (not checked for conflicts: too many sibling pairs change the same files): ${listFiles(risk.sharedFiles, risk.sharedFileCount)}`}
        </p>
      ))}
      {entry.siblingRisksNotListed > 0 ? (
        <p data-testid="merge-order-more-siblings" className="mt-1 text-xs text-amber-800 dark:text-amber-300">
          … and {entry.siblingRisksNotListed} more{" "}
          {entry.siblingRisksNotListed === 1 ? "sibling changes" : "siblings change"} some of the same files
        </p>
      ) : null}
    </li>
  );
}
