"use client";

import { useId, useState } from "react";
import type { TidyAction, TidyOptions, TidyPreview, TidyWorktree } from "@/lib/worktrees/ship-types.ts";
import { formatBytes } from "@/lib/worktrees/format-bytes.ts";
import { useReclaim, useTidyPreview } from "@/components/api/ship-api.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Checkbox } from "@/components/ui/FormFields.tsx";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";

/**
 * "Tidy up" for a repository: the disk each worktree and its dependency folders use, which are
 * merged and idle, and Reclaim with a preview of what goes and how much it frees. Reclaim does the
 * preview's actions only, each checked again on the server; what became busy is skipped, with why.
 */
export function TidyUpButton(props: { repoId: string }) {
  const [isOpen, setOpen] = useState(false);
  const [options, setOptions] = useState<TidyOptions>({ removeMerged: true, deleteDependencies: false });
  const preview = useTidyPreview(props.repoId);
  const reclaim = useReclaim(props.repoId);
  const headingId = useId();
  const refresh = (next: TidyOptions) => {
    setOptions(next);
    reclaim.reset();
    preview.mutate(next);
  };
  const open = () => {
    setOpen(true);
    refresh(options);
  };
  const onClose = () => setOpen(false);
  const data = preview.data;
  return (
    <>
      <Button data-testid="tidy-open" onClick={open} title="Disk used by worktrees, and reclaim it">
        Tidy up
      </Button>
      <Dialog isOpen={isOpen} onCancel={onClose} labelledBy={headingId} testId="tidy-dialog" className="max-w-2xl">
        <div className="space-y-3 p-4 text-xs">
          <h2 id={headingId} className="text-sm font-semibold">
            Tidy up worktrees
          </h2>
          <fieldset className="space-y-1">
            <legend className="sr-only">What Reclaim does</legend>
            <label className="flex items-center gap-2">
              <Checkbox
                checked={options.removeMerged}
                onChange={(event) => refresh({ ...options, removeMerged: event.target.checked })}
                data-testid="tidy-remove-merged"
              />
              Remove worktrees merged into {data?.base ?? "the base"} and idle (their branch too; conversations are
              archived)
            </label>
            <label className="flex items-center gap-2">
              <Checkbox
                checked={options.deleteDependencies}
                onChange={(event) => refresh({ ...options, deleteDependencies: event.target.checked })}
                data-testid="tidy-delete-dependencies"
              />
              Delete dependency folders (node_modules, .venv, target…) of idle worktrees — reinstall them when needed
            </label>
          </fieldset>
          {preview.isPending ? <p className="text-zinc-500">Measuring the worktrees…</p> : null}
          {preview.error ? <ErrorNotice error={preview.error} testId="tidy-error" /> : null}
          {data ? <TidyTable preview={data} /> : null}
          {data && !reclaim.data ? <ReclaimPreview preview={data} /> : null}
          {reclaim.error ? <ErrorNotice error={reclaim.error} testId="tidy-reclaim-error" /> : null}
          {reclaim.data ? (
            <div data-testid="tidy-result" role="status" className="space-y-1">
              <p className="font-medium">
                Freed {formatBytes(reclaim.data.bytes)}: {reclaim.data.done.length} done, {reclaim.data.skipped.length}{" "}
                skipped.
              </p>
              {reclaim.data.done.length > 0 ? (
                <ul className="list-disc space-y-0.5 pl-5" data-testid="tidy-done">
                  {reclaim.data.done.map((action) => (
                    <li key={`${action.kind}:${action.worktreePath}`} data-kind={action.kind}>
                      <TidyActionText action={action} isDone />
                    </li>
                  ))}
                </ul>
              ) : null}
              {reclaim.data.archivedSessionIds.length > 0 ? (
                <p className="text-zinc-600 dark:text-zinc-400">
                  {reclaim.data.archivedSessionIds.length === 1
                    ? "1 conversation of a removed worktree is archived, not deleted."
                    : `${reclaim.data.archivedSessionIds.length} conversations of removed worktrees are archived, not deleted.`}
                </p>
              ) : null}
              {reclaim.data.skipped.length > 0 ? (
                <ul
                  className="list-disc space-y-0.5 pl-5 text-amber-800 dark:text-amber-300"
                  data-testid="tidy-skipped"
                >
                  {reclaim.data.skipped.map((item) => (
                    <li key={`${item.action.kind}:${item.action.worktreePath}`}>
                      <span className="font-mono">{item.action.worktreePath}</span> was kept:{" "}
                      <TextWithCode text={item.reason} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={onClose}>Close</Button>
            {reclaim.data ? (
              <Button onClick={() => refresh(options)} data-testid="tidy-again">
                Measure again
              </Button>
            ) : (
              <Button
                variant="danger"
                data-testid="tidy-reclaim"
                disabled={!data || data.actions.length === 0 || reclaim.isPending || preview.isPending}
                onClick={() => data && reclaim.mutate(data.actions, { onSuccess: () => preview.mutate(options) })}
              >
                {reclaim.isPending ? "Reclaiming…" : `Reclaim ${data ? formatBytes(data.bytes) : ""}`}
              </Button>
            )}
          </div>
        </div>
      </Dialog>
    </>
  );
}

function TidyTable({ preview }: { preview: TidyPreview }) {
  return (
    // Focusable, so a keyboard can scroll a long list (axe: scrollable-region-focusable).
    <div
      className="max-h-72 overflow-y-auto rounded border border-zinc-200 dark:border-zinc-800"
      tabIndex={0}
      role="region"
      aria-label="Worktrees and the disk they use"
    >
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="tidy-worktrees">
        {preview.worktrees.map((worktree) => (
          <TidyRow key={worktree.worktreePath} worktree={worktree} />
        ))}
      </ul>
    </div>
  );
}

function TidyRow({ worktree }: { worktree: TidyWorktree }) {
  const dependencyBytes = worktree.dependencies.reduce((sum, folder) => sum + folder.bytes, 0);
  return (
    <li className="space-y-0.5 p-2" data-testid="tidy-worktree" data-path={worktree.worktreePath}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{worktree.branch ?? "detached HEAD"}</span>
        {worktree.isMain ? <Badge tone="muted">main worktree</Badge> : null}
        {worktree.isMerged ? <Badge tone="violet">merged</Badge> : null}
        {!worktree.isMain ? (
          worktree.isIdle ? (
            <Badge tone="emerald">idle</Badge>
          ) : (
            <Badge tone="amber">in use</Badge>
          )
        ) : null}
        <span className="ml-auto tabular-nums" data-testid="tidy-size">
          {worktree.isPartial ? "over " : ""}
          {formatBytes(worktree.bytes)}
        </span>
      </div>
      <div className="break-all font-mono text-[11px] text-zinc-500">{worktree.worktreePath}</div>
      {worktree.dependencies.length > 0 ? (
        <div className="text-zinc-600 dark:text-zinc-400" data-testid="tidy-dependencies">
          Dependencies {formatBytes(dependencyBytes)}:{" "}
          {worktree.dependencies
            .map(
              (folder) =>
                `${folder.path} (${formatBytes(folder.bytes)}${folder.repository ? `; kept: the git repository ${folder.repository} is in it` : ""})`,
            )
            .join(", ")}
        </div>
      ) : null}
      {!worktree.isMain && worktree.blockers.length > 0 ? (
        <ul className="list-disc pl-5 text-zinc-600 dark:text-zinc-400" data-testid="tidy-blockers">
          {worktree.blockers.map((blocker) => (
            <li key={blocker}>
              <TextWithCode text={blocker} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function ReclaimPreview({ preview }: { preview: TidyPreview }) {
  if (preview.actions.length === 0)
    return (
      <p data-testid="tidy-preview" className="text-zinc-600 dark:text-zinc-400">
        Nothing to reclaim with these choices.
      </p>
    );
  return (
    <div data-testid="tidy-preview" className="space-y-1">
      <p className="font-medium">
        Reclaim would free {formatBytes(preview.bytes)}; nothing with uncommitted changes is touched:
      </p>
      <ul className="list-disc space-y-0.5 pl-5">
        {preview.actions.map((action) => (
          <li key={`${action.kind}:${action.worktreePath}`} data-testid="tidy-action" data-kind={action.kind}>
            <TidyActionText action={action} isDone={false} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One action of Reclaim, as planned ("Remove the worktree …") or as done ("Removed the worktree …"), with its size. */
function TidyActionText({ action, isDone }: { action: TidyAction; isDone: boolean }) {
  return (
    <>
      {action.kind === "remove_worktree" ? (
        <>
          {isDone ? "Removed the worktree " : "Remove the worktree "}
          <span className="font-mono">{action.worktreePath}</span>
        </>
      ) : (
        <>
          {isDone ? "Deleted " : "Delete "}
          <span className="font-mono">{action.folders.join(", ")}</span> in{" "}
          <span className="font-mono">{action.worktreePath}</span>
        </>
      )}{" "}
      ({formatBytes(action.bytes)})
    </>
  );
}
