"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { LAND_METHOD_LABELS, LAND_METHODS } from "@/lib/settings/land-methods.ts";
import type {
  LandBlockers,
  LandingPreview,
  LandMethod,
  LandResult,
  OperationState,
} from "@/lib/worktrees/worktree-types.ts";
import { ApiError } from "@/components/api/fetch-json.ts";
import { useRepoSettings } from "@/components/api/settings-api.ts";
import {
  useAskToResolve,
  useLandBlockers,
  useLandCheck,
  useLandWorktree,
  useNewWorktreeOptions,
} from "@/components/api/worktrees-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Select } from "@/components/ui/FormFields.tsx";
import { useRepoActivity } from "@/components/realtime/use-repo-activity.ts";
import { ConflictList } from "./ConflictList.tsx";
import { OperationPanel } from "./OperationPanel.tsx";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";
import { VisibleName } from "@/components/ui/VisibleName.tsx";

/**
 * "Land…" on a linked worktree with a branch: first a preview of merging it into its base (the
 * default branch unless chosen), from git's object store only: clean, or which files would
 * conflict with both sides of each hunk (and "Ask Claude to resolve"), and what must happen first.
 * Only a clean preview with nothing in the way offers to land it, by the repository's default
 * method unless another is picked. A rebase that stops is shown with Abort; a landed branch offers
 * the worktree's removal.
 */
export function LandButton(props: {
  repoId: string;
  worktree: WorktreeScan;
  /** Opens the worktree's chat (after "Ask Claude to resolve"). */
  onOpenChat: () => void;
  /** Opens the removal dialog of this worktree (after landing). */
  onOfferRemoval: () => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const [base, setBase] = useState<string | null>(null);
  const check = useLandCheck(props.repoId);
  const blockersCheck = useLandBlockers(props.repoId);
  const land = useLandWorktree(props.repoId);
  const resolve = useAskToResolve(props.repoId);
  const [chosenMethod, setMethod] = useState<LandMethod | null>(null);
  const options = useNewWorktreeOptions(props.repoId, isOpen);
  const settings = useRepoSettings(isOpen ? props.repoId : null);
  const method = chosenMethod ?? settings.data?.effective.landMethod ?? "merge";
  const headingId = useId();
  const baseId = useId();
  const recheck = (nextBase: string | null) => {
    land.reset();
    // Both at once: the conflicts answer (a merge in git's object store) shows as soon as it is known,
    // what must happen first (both worktrees' status, runs) beside it.
    const target = { worktreePath: props.worktree.path, ...(nextBase ? { base: nextBase } : {}) };
    check.mutate(target);
    blockersCheck.mutate(target);
  };
  const run = (nextBase: string | null) => {
    resolve.reset();
    recheck(nextBase);
  };
  const open = () => {
    setOpen(true);
    run(base);
  };
  // Not while "Ask Claude to resolve" is under way: the run it starts changes the worktree's runs, and
  // resetting the request then would drop its "close and open the chat" and leave the dialog open.
  const isResolving = resolve.isPending || resolve.isSuccess;
  useRecheckWhenRunsChange({
    repoId: props.repoId,
    answer: isOpen && !land.data && !isResolving ? blockersCheck.data : undefined,
    worktreePath: props.worktree.path,
    askedAt: blockersCheck.submittedAt,
    isAsking: check.isPending || blockersCheck.isPending,
    recheck: () => recheck(base),
  });
  const shownBase = base ?? check.data?.base ?? options.data?.defaultBranch ?? "";
  const bases = (options.data?.branches ?? []).filter((name) => name !== props.worktree.branch);
  // A rebase this land stopped, or one (or a merge) already stopped in the worktree when the preview ran.
  const stoppedByLand = stoppedOperation(land.error);
  const stopped = stoppedByLand ?? stoppedOperation(check.error);
  const preview = check.data && !check.isPending && !land.data && !stopped ? check.data : null;
  // null while they are being read (or could not be): landing waits for them.
  const blockers = preview && blockersCheck.data && !blockersCheck.isPending ? blockersCheck.data.blockers : null;
  const isFastForwardOnly = (option: LandMethod) => option === "fast-forward" && (preview?.baseAhead ?? 0) > 0;
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
        className="max-w-2xl"
      >
        <div className="space-y-3 p-4 text-xs">
          <h2 id={headingId} className="break-all text-sm font-semibold">
            Land <VisibleName name={check.data?.branch ?? props.worktree.branch ?? "this worktree"} />
          </h2>
          {!land.data && !stopped ? (
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
          ) : null}
          {check.isPending ? (
            <p className="text-zinc-600 dark:text-zinc-400">Merging in git&apos;s object store, touching no files…</p>
          ) : null}
          {check.error && !stopped ? <ErrorNotice error={check.error} testId="land-error" /> : null}
          {preview ? <LandPreview check={preview} /> : null}
          {preview ? (
            <LandBlockerList blockers={blockers} isPending={blockersCheck.isPending} error={blockersCheck.error} />
          ) : null}
          {land.data ? <LandDone result={land.data} /> : null}
          {stopped ? (
            <div className="space-y-2" data-testid="land-rebase-stopped">
              <p role="alert" className="font-medium text-red-700 dark:text-red-400" data-testid="land-error">
                {stoppedByLand
                  ? `Nothing was landed: the rebase ${stopReason(land.error) ?? "stopped"}, and the worktree is left as git left it.`
                  : `A ${stopped.operation} is stopped in this worktree: abort it, or finish it in a terminal, before landing.`}
              </p>
              <OperationPanel repoId={props.repoId} state={stopped} onAborted={() => run(base)} />
            </div>
          ) : null}
          {preview && canLand(preview, blockers) ? (
            <fieldset className="space-y-1">
              <legend className="mb-1 font-medium">How</legend>
              {LAND_METHODS.map((option) => (
                <label key={option} className="flex flex-wrap items-center gap-x-2">
                  <input
                    type="radio"
                    name={`${baseId}-method`}
                    value={option}
                    checked={method === option}
                    disabled={isFastForwardOnly(option)}
                    onChange={() => setMethod(option)}
                    className="accent-emerald-600"
                    data-testid={`land-method-${option}`}
                  />
                  <span className="whitespace-nowrap">{LAND_METHOD_LABELS[option]}</span>
                  {isFastForwardOnly(option) ? (
                    <span className="text-zinc-600 dark:text-zinc-400">
                      ({preview.base} has commits the branch lacks: rebase first)
                    </span>
                  ) : null}
                  {option === settings.data?.effective.landMethod ? (
                    <span className="text-zinc-600 dark:text-zinc-400">(this repository&apos;s default)</span>
                  ) : null}
                </label>
              ))}
            </fieldset>
          ) : null}
          {land.error && !stopped ? <ErrorNotice error={land.error} testId="land-error" /> : null}
          {resolve.error ? <ErrorNotice error={resolve.error} testId="land-resolve-error" /> : null}
          <div className="flex flex-wrap justify-end gap-2">
            {!land.data && !stopped ? (
              <Button onClick={() => run(base)} disabled={check.isPending || land.isPending} data-testid="land-recheck">
                Check again
              </Button>
            ) : null}
            {/* Resolving happens in this worktree's chat (queued behind a run there like any send):
                what stands in the way of landing, such as changes in the base's worktree, does not stop it. */}
            {preview?.status === "conflicts" && blockers !== null ? (
              <Button
                disabled={resolve.isPending}
                onClick={() =>
                  resolve.mutate(
                    { worktreePath: props.worktree.path, base: preview.base },
                    {
                      onSuccess: () => {
                        setOpen(false);
                        props.onOpenChat();
                      },
                    },
                  )
                }
                data-testid="land-ask-resolve"
                title="Starts a run in this worktree's chat: merge the base in, resolve these files, commit"
              >
                {resolve.isPending ? "Asking Claude…" : "Ask Claude to resolve"}
              </Button>
            ) : null}
            {land.data ? (
              <Button
                variant="danger"
                onClick={() => {
                  setOpen(false);
                  props.onOfferRemoval();
                }}
                data-testid="land-offer-remove"
              >
                Remove this worktree…
              </Button>
            ) : null}
            {preview && canLand(preview, blockers) ? (
              <Button
                variant="primary"
                disabled={land.isPending || isFastForwardOnly(method)}
                onClick={() =>
                  land.mutate({
                    worktreePath: props.worktree.path,
                    base: preview.base,
                    method,
                    baseCommit: preview.baseCommit,
                  })
                }
                data-testid="land-confirm"
              >
                {land.isPending ? "Landing…" : `Land into ${preview.base}`}
              </Button>
            ) : (
              <Button
                variant={land.data ? "secondary" : "primary"}
                onClick={() => setOpen(false)}
                data-testid="land-close"
              >
                Close
              </Button>
            )}
          </div>
        </div>
      </Dialog>
    </>
  );
}

/** The rebase git stopped on, when that is why the land failed. */
function stoppedOperation(error: unknown): OperationState | null {
  if (!(error instanceof ApiError)) return null;
  const operation = error.details?.operation;
  return operation && typeof operation === "object" ? (operation as OperationState) : null;
}

/** Why the land's rebase stopped, as the server put it ("stopped on a conflict", or git's complaint). */
function stopReason(error: unknown): string | null {
  const reason = error instanceof ApiError ? error.details?.stopReason : null;
  return typeof reason === "string" ? reason : null;
}

/** Only a clean check with nothing in the way can land. */
function canLand(check: LandingPreview, blockers: string[] | null): boolean {
  return check.status === "clean" && blockers !== null && blockers.length === 0;
}

function LandDone({ result }: { result: LandResult }) {
  return (
    <div className="space-y-2" role="status" data-testid="land-done">
      <p className="text-emerald-700 dark:text-emerald-400">
        Landed <VisibleName name={result.branch} /> into <VisibleName name={result.base} /> (
        {LAND_METHOD_LABELS[result.method].toLowerCase()}); its head is now{" "}
        <span className="font-mono">{result.commit.slice(0, 7)}</span>.
      </p>
      {result.nodesDone.length > 0 ? (
        <p data-testid="land-nodes-done">
          Marked done in the design:{" "}
          {result.nodesDone.map((node) => `${node.nodeTitle} (plan ${node.planTitle})`).join(", ")}.
        </p>
      ) : null}
      <p>Its worktree is no longer needed: remove it (the conversation is archived, not deleted).</p>
    </div>
  );
}

function LandPreview({ check }: { check: LandingPreview }) {
  const commits = (count: number) => `${count} ${count === 1 ? "commit" : "commits"}`;
  return (
    <div className="space-y-2" data-testid="land-preview" data-status={check.status}>
      {check.status === "nothing_to_land" ? (
        <p>
          <VisibleName name={check.base} /> already has everything on <VisibleName name={check.branch} />: there is
          nothing to land.
        </p>
      ) : check.status === "clean" ? (
        <p className="text-emerald-700 dark:text-emerald-400">
          {commits(check.commitsToLand ?? 0)} would merge into {check.base} without conflicts
          {check.baseAhead === 0
            ? " (a fast-forward)."
            : ` (${check.base} has ${commits(check.baseAhead ?? 0)} the branch lacks: a merge commit, or rebase first).`}
        </p>
      ) : (
        <>
          <p className="text-red-700 dark:text-red-400">
            Merging <VisibleName name={check.branch} /> into <VisibleName name={check.base} /> would conflict in{" "}
            {check.conflictingFileCount === 1 ? "this file" : `these ${check.conflictingFileCount} files`}. Close to
            leave it, or ask Claude to merge {check.base} into the branch and resolve{" "}
            {check.conflictingFileCount === 1 ? "it" : "them"} in its worktree.
          </p>
          <ConflictList preview={check} />
        </>
      )}
    </div>
  );
}

/** What must happen before landing; read beside the conflict check, so it may come a moment later. */
function LandBlockerList(props: { blockers: string[] | null; isPending: boolean; error: Error | null }) {
  if (props.error) return <ErrorNotice error={props.error} testId="land-blockers-error" />;
  if (props.isPending || props.blockers === null)
    return (
      <p className="text-zinc-600 dark:text-zinc-400" data-testid="land-blockers-pending">
        Checking both worktrees for uncommitted changes and runs…
      </p>
    );
  if (props.blockers.length === 0) return null;
  return (
    <div className="space-y-1">
      <p className="font-medium">Before landing:</p>
      <ul className="list-disc space-y-1 pl-5 text-red-700 dark:text-red-400" data-testid="land-blockers">
        {props.blockers.map((blocker) => (
          <li key={blocker}>
            <TextWithCode text={blocker} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A run ending (or starting) in the branch's or the base's worktree while the dialog is open checks
 * again by itself: after "Ask Claude to resolve", the answer shows a moment before its run ends, and
 * the first check still sees it. It asks again when the activity read after the question differs
 * from the runs the answer saw, however the run's end and the answer crossed; each new question is
 * later than the activity it answers, so this settles instead of looping while the activity catches up.
 */
function useRecheckWhenRunsChange(input: {
  repoId: string;
  answer: LandBlockers | undefined;
  worktreePath: string;
  askedAt: number;
  /** A question is still out (the conflicts answer can come after the blockers'): ask again once it is in. */
  isAsking: boolean;
  recheck: () => void;
}) {
  const activity = useRepoActivity(input.repoId);
  const { answer } = input;
  const paths = [input.worktreePath, answer?.baseWorktreePath ?? null];
  const seen = answer ? describeRuns(answer.runs) : "";
  const now = describeRuns(
    (activity.data ?? []).filter((entry) => entry.state !== "idle" && paths.includes(entry.worktreePath)),
  );
  const isNewer = activity.dataUpdatedAt >= input.askedAt;
  const recheck = useRef(input.recheck);
  useEffect(() => {
    recheck.current = input.recheck;
  });
  const { isAsking } = input;
  useEffect(() => {
    if (answer && !isAsking && isNewer && now !== seen) recheck.current();
  }, [answer, isAsking, isNewer, now, seen]);
}

function describeRuns(runs: Array<{ worktreePath: string; state: string }>): string {
  return runs
    .map((entry) => `${entry.worktreePath}:${entry.state}`)
    .sort()
    .join("|");
}
