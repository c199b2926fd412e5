"use client";

import { useId, useState } from "react";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { LandCheck, LandMethod } from "@/lib/worktrees/worktree-types.ts";
import { useLandCheck, useLandWorktree, useNewWorktreeOptions } from "@/components/api/worktrees-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Select } from "@/components/ui/FormFields.tsx";

/**
 * "Land…" on a linked worktree with a branch: first a preview of merging it into its base (the
 * default branch unless chosen), from git's object store only: clean, or which files would
 * conflict, and what must happen first. Only a clean preview with nothing in the way offers to land
 * it: a merge commit, one squashed commit, or a fast-forward when the base has nothing new.
 */
export function LandButton(props: { repoId: string; worktree: WorktreeScan }) {
  const [isOpen, setOpen] = useState(false);
  const [base, setBase] = useState<string | null>(null);
  const check = useLandCheck(props.repoId);
  const land = useLandWorktree(props.repoId);
  const [method, setMethod] = useState<LandMethod>("merge");
  const options = useNewWorktreeOptions(props.repoId, isOpen);
  const headingId = useId();
  const baseId = useId();
  const run = (nextBase: string | null) =>
    check.mutate({ worktreePath: props.worktree.path, ...(nextBase ? { base: nextBase } : {}) });
  const open = () => {
    setOpen(true);
    land.reset();
    run(base);
  };
  const shownBase = base ?? check.data?.base ?? options.data?.defaultBranch ?? "";
  const bases = (options.data?.branches ?? []).filter((name) => name !== props.worktree.branch);
  return (
    <>
      <Button size="sm" onClick={open} data-testid="worktree-land" title="Would this branch merge cleanly?">
        Land…
      </Button>
      <Dialog
        isOpen={isOpen}
        onCancel={() => setOpen(false)}
        labelledBy={headingId}
        testId="land-dialog"
        className="max-w-lg"
      >
        <div className="space-y-3 p-4 text-xs">
          <h2 id={headingId} className="text-sm font-semibold">
            Land {props.worktree.branch}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={baseId} className="font-medium">
              Into
            </label>
            <Select
              id={baseId}
              value={shownBase}
              onChange={(event) => {
                setBase(event.target.value);
                land.reset();
                run(event.target.value);
              }}
              data-testid="land-base"
              className="min-w-0 max-w-full"
            >
              {(bases.includes(shownBase) || shownBase === "" ? bases : [shownBase, ...bases]).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          </div>
          {check.isPending ? (
            <p className="text-zinc-500">Merging in git&apos;s object store, touching no files…</p>
          ) : null}
          {check.error ? <ErrorNotice error={check.error} testId="land-error" /> : null}
          {check.data && !check.isPending && !land.data ? <LandPreview check={check.data} /> : null}
          {land.data ? (
            <p className="text-emerald-700 dark:text-emerald-400" role="status" data-testid="land-done">
              Landed {land.data.branch} into {land.data.base} ({METHOD_LABEL[land.data.method].toLowerCase()}); its head
              is now <span className="font-mono">{land.data.commit.slice(0, 7)}</span>.
            </p>
          ) : null}
          {check.data && canLand(check.data) && !check.isPending && !land.data ? (
            <fieldset className="space-y-1">
              <legend className="mb-1 font-medium">How</legend>
              {(["merge", "squash", "fast-forward"] as const).map((option) => (
                <label key={option} className="flex flex-wrap items-center gap-x-2">
                  <input
                    type="radio"
                    name={`${baseId}-method`}
                    value={option}
                    checked={method === option}
                    disabled={option === "fast-forward" && check.data.baseAhead > 0}
                    onChange={() => setMethod(option)}
                    className="accent-emerald-600"
                    data-testid={`land-method-${option}`}
                  />
                  <span className="whitespace-nowrap">{METHOD_LABEL[option]}</span>
                  {option === "fast-forward" && check.data.baseAhead > 0 ? (
                    <span className="text-zinc-500">
                      ({check.data.base} has commits the branch lacks: rebase first)
                    </span>
                  ) : null}
                </label>
              ))}
            </fieldset>
          ) : null}
          {land.error ? <ErrorNotice error={land.error} testId="land-error" /> : null}
          <div className="flex justify-end gap-2">
            <Button onClick={() => run(base)} disabled={check.isPending || land.isPending} data-testid="land-recheck">
              Check again
            </Button>
            {check.data && canLand(check.data) && !land.data ? (
              <Button
                variant="primary"
                disabled={check.isPending || land.isPending || (method === "fast-forward" && check.data.baseAhead > 0)}
                onClick={() => land.mutate({ worktreePath: props.worktree.path, base: check.data.base, method })}
                data-testid="land-confirm"
              >
                {land.isPending ? "Landing…" : `Land into ${check.data.base}`}
              </Button>
            ) : (
              <Button variant="primary" onClick={() => setOpen(false)}>
                Close
              </Button>
            )}
          </div>
        </div>
      </Dialog>
    </>
  );
}

const METHOD_LABEL: Record<LandMethod, string> = {
  merge: "Merge commit",
  squash: "Squash into one commit",
  "fast-forward": "Fast-forward",
};

/** Only a clean check with nothing in the way can land. */
function canLand(check: LandCheck): boolean {
  return check.status === "clean" && check.blockers.length === 0;
}

function LandPreview({ check }: { check: LandCheck }) {
  const commits = (count: number) => `${count} ${count === 1 ? "commit" : "commits"}`;
  return (
    <div className="space-y-2" data-testid="land-preview" data-status={check.status}>
      {check.status === "nothing_to_land" ? (
        <p>
          {check.base} already has every commit of {check.branch}: there is nothing to land.
        </p>
      ) : check.status === "clean" ? (
        <p className="text-emerald-700 dark:text-emerald-400">
          {commits(check.commitsToLand)} would merge into {check.base} without conflicts
          {check.baseAhead === 0
            ? " (a fast-forward)."
            : ` (${check.base} has ${commits(check.baseAhead)} the branch lacks: a merge commit, or rebase first).`}
        </p>
      ) : (
        <>
          <p className="text-red-700 dark:text-red-400">
            Merging {check.branch} into {check.base} would conflict in{" "}
            {check.conflictingFiles.length === 1 ? "this file" : `these ${check.conflictingFiles.length} files`}:
          </p>
          <ul className="list-disc space-y-0.5 pl-5 font-mono" data-testid="land-conflicts">
            {check.conflictingFiles.map((file) => (
              <li key={file} className="break-all">
                {file}
              </li>
            ))}
          </ul>
        </>
      )}
      {check.blockers.length > 0 ? (
        <>
          <p className="font-medium">Before landing:</p>
          <ul className="list-disc space-y-1 pl-5 text-red-700 dark:text-red-400" data-testid="land-blockers">
            {check.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
