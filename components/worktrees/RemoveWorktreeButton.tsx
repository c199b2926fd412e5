"use client";

import { useEffect, useId, useState } from "react";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { WorktreeMode } from "@/lib/approvals/worktree-mode-types.ts";
import { MODE_LOOK } from "@/components/approvals/mode-look.ts";
import { useRemoveWorktree } from "@/components/api/pins-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Checkbox } from "@/components/ui/FormFields.tsx";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";
import { visibleName } from "@/components/ui/VisibleName.tsx";

/**
 * "Remove…" on a linked worktree: the dialog first asks the server what stops the removal
 * (uncommitted changes, commits nowhere else, a run, a terminal session in use) and shows it; only
 * a worktree with nothing to lose can be removed. Its conversation is archived, never deleted.
 */
export function RemoveWorktreeButton(props: { repoId: string; worktree: WorktreeScan }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="worktree-remove">
        Remove…
      </Button>
      {isOpen ? <RemoveWorktreeDialog {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The removal dialog itself, also opened by Land…'s success ("Remove this worktree…"). */
export function RemoveWorktreeDialog(props: { repoId: string; worktree: WorktreeScan; onClose: () => void }) {
  const [deleteBranch, setDeleteBranch] = useState(true);
  // Ignored files only this worktree has go with it: asked for, and checked again, once the user saw them.
  const [discardIgnored, setDiscardIgnored] = useState(false);
  const check = useRemoveWorktree(props.repoId);
  const remove = useRemoveWorktree(props.repoId);
  const headingId = useId();
  const { mutate } = check;
  const worktreePath = props.worktree.path;
  useEffect(() => mutate({ worktreePath, dryRun: true, discardIgnored }), [mutate, worktreePath, discardIgnored]);
  const blockers = check.data && !check.isPending ? check.data.blockers : null;
  const ignored = check.data?.ignoredOnlyHere ?? [];
  const ignoredCount = check.data?.ignoredOnlyHereCount ?? 0;
  const grants = check.data?.grants;
  return (
    <>
      <Dialog
        isOpen
        onCancel={() => props.onClose()}
        labelledBy={headingId}
        testId="remove-worktree-dialog"
        className="max-w-lg"
      >
        <div className="p-4">
          <h2 id={headingId} className="mb-2 text-sm font-semibold">
            Remove the worktree {props.worktree.branch ?? props.worktree.path}?
          </h2>
          <p className="mb-2 font-mono text-[11px] text-zinc-500">{props.worktree.path}</p>
          {check.isPending ? <p className="text-xs text-zinc-500">Checking what would be lost…</p> : null}
          {check.error ? <ErrorNotice error={check.error} /> : null}
          {blockers && blockers.length > 0 ? (
            <ul
              className="mb-2 list-disc space-y-1 pl-5 text-xs text-red-700 dark:text-red-400"
              data-testid="removal-blockers"
            >
              {blockers.map((blocker) => (
                <li key={blocker}>
                  <TextWithCode text={blocker} />
                </li>
              ))}
            </ul>
          ) : null}
          {ignoredCount > 0 ? (
            <div className="mb-2 space-y-1 text-xs" data-testid="removal-ignored">
              <p>Ignored by git and only in this worktree (git deletes them with it):</p>
              <ul
                className="max-h-32 list-disc overflow-y-auto pl-5 font-mono text-[11px]"
                tabIndex={0}
                aria-label="Ignored files only in this worktree"
              >
                {ignored.map((file) => (
                  <li key={file} className="break-all">
                    {file}
                  </li>
                ))}
                {ignoredCount > ignored.length ? <li>and {ignoredCount - ignored.length} more</li> : null}
              </ul>
              <label className="flex items-center gap-2">
                <Checkbox
                  checked={discardIgnored}
                  onChange={(event) => setDiscardIgnored(event.target.checked)}
                  data-testid="remove-discard-ignored"
                />
                Delete {ignoredCount === 1 ? "it" : `these ${ignoredCount}`} with the worktree
              </label>
            </div>
          ) : null}
          {blockers && blockers.length === 0 ? (
            <div className="mb-2 space-y-2 text-xs">
              {props.worktree.isMissing ? (
                <p data-testid="remove-missing-folder">
                  Its folder is gone already: removing it forgets git&rsquo;s record of it. Its commits stay in its
                  branch.
                </p>
              ) : (
                <p>
                  {ignoredCount > 0
                    ? "Nothing else would be lost: no uncommitted changes, no commits that only this worktree has, nothing running."
                    : "Nothing would be lost: no uncommitted changes, no commits that only this worktree has, nothing running."}
                </p>
              )}
              {props.worktree.branch ? (
                <label className="flex items-center gap-2">
                  <Checkbox
                    checked={deleteBranch}
                    onChange={(event) => setDeleteBranch(event.target.checked)}
                    data-testid="remove-delete-branch"
                  />
                  {props.worktree.mergedInto
                    ? `Also delete the branch ${visibleName(props.worktree.branch)} (its work is in ${visibleName(props.worktree.mergedInto)})`
                    : `Also delete the branch ${visibleName(props.worktree.branch)} (git keeps it if it is not merged)`}
                </label>
              ) : null}
              <p className="text-zinc-500">Its conversation is archived, not deleted.</p>
              {grants && (grants.rules.length > 0 || grants.mode !== null) ? (
                <p className="text-zinc-500" data-testid="removal-grants">
                  What it was allowed goes with it, so a new worktree in this folder asks again:{" "}
                  {[
                    ...grants.rules.map((rule) => `Always allowed ${rule}`),
                    ...(grants.mode !== null
                      ? [`its mode (${MODE_LOOK[grants.mode as WorktreeMode]?.label ?? grants.mode})`]
                      : []),
                  ].join(", ")}
                  .
                </p>
              ) : null}
            </div>
          ) : null}
          {remove.error ? <ErrorNotice error={remove.error} testId="remove-error" /> : null}
          <div className="mt-3 flex justify-end gap-2">
            <Button onClick={() => props.onClose()}>Cancel</Button>
            <Button
              variant="danger"
              disabled={!blockers || blockers.length > 0 || remove.isPending}
              data-testid="remove-confirm"
              onClick={() =>
                remove.mutate(
                  { worktreePath: props.worktree.path, deleteBranch, discardIgnored },
                  { onSuccess: (result) => result.isRemoved && props.onClose() },
                )
              }
            >
              {remove.isPending ? "Removing…" : "Remove worktree"}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
