"use client";

import { useId, useState } from "react";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { LandCheck } from "@/lib/worktrees/worktree-types.ts";
import { useLandCheck, useNewWorktreeOptions } from "@/components/api/worktrees-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Select } from "@/components/ui/FormFields.tsx";

/**
 * "Land…" on a linked worktree with a branch: a preview of merging it into its base (the default
 * branch unless chosen), from git's object store only: clean, or which files would conflict, and
 * what must happen first. It merges nothing yet.
 */
export function LandButton(props: { repoId: string; worktree: WorktreeScan }) {
  const [isOpen, setOpen] = useState(false);
  const [base, setBase] = useState<string | null>(null);
  const check = useLandCheck(props.repoId);
  const options = useNewWorktreeOptions(props.repoId, isOpen);
  const headingId = useId();
  const baseId = useId();
  const run = (nextBase: string | null) =>
    check.mutate({ worktreePath: props.worktree.path, ...(nextBase ? { base: nextBase } : {}) });
  const open = () => {
    setOpen(true);
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
          {check.data && !check.isPending ? <LandPreview check={check.data} /> : null}
          <p className="text-zinc-500">
            A preview only: Arbor does not merge yet. To land, merge in the {shownBase || "base"} worktree yourself.
          </p>
          <div className="flex justify-end gap-2">
            <Button onClick={() => run(base)} disabled={check.isPending} data-testid="land-recheck">
              Check again
            </Button>
            <Button variant="primary" onClick={() => setOpen(false)}>
              Close
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
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
