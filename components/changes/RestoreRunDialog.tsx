"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { fetchRestorePreview, useRestoreRun, type WorktreeRef } from "@/components/api/changes-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Checkbox } from "@/components/ui/FormFields.tsx";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

const ACTION = { write: "put back", delete: "delete", skip: "left alone" } as const;

/**
 * "Restore to before this run": what it would overwrite or delete now, which of those files
 * changed after the run (the user must confirm losing that), refused while a run is going on.
 */
export function RestoreRunDialog(props: { worktree: WorktreeRef; runId: string; onClose: () => void }) {
  const titleId = useId();
  const [isConfirmed, setConfirmed] = useState(false);
  const preview = useQuery({
    queryKey: queryKeys.changes(props.worktree.repoId, props.worktree.worktreePath, "restore", props.runId),
    queryFn: () => fetchRestorePreview({ ...props.worktree, runId: props.runId }),
    gcTime: 0,
  });
  const restore = useRestoreRun(props.worktree);
  const data = preview.data;
  const losing = data?.files.filter((entry) => entry.isChangedSince && entry.action !== "skip") ?? [];
  return (
    <Dialog isOpen onCancel={props.onClose} labelledBy={titleId} testId="restore-dialog" className="w-[36rem]">
      <h2 id={titleId} className="mb-2 text-sm font-semibold">
        Restore to before this run
      </h2>
      {preview.error ? <ErrorNotice error={preview.error} /> : null}
      {!data ? (
        <p className="text-xs text-zinc-500">Comparing the files with the run&apos;s start…</p>
      ) : restore.data ? (
        <p data-testid="restore-done" className="text-xs text-emerald-700 dark:text-emerald-400">
          Restored {restore.data.restored} file(s) and deleted {restore.data.deleted}. The files as they were just
          before are kept in {restore.data.savedRef}.
        </p>
      ) : (
        <div className="flex flex-col gap-2 text-xs">
          {data.files.length === 0 ? (
            <p data-testid="restore-nothing">The files are already as they were before this run.</p>
          ) : (
            <ul data-testid="restore-files" className="max-h-60 overflow-auto">
              {data.files.map((entry) => (
                <li
                  key={entry.file.path}
                  data-testid="restore-file"
                  data-path={entry.file.display}
                  data-action={entry.action}
                  className="flex gap-2"
                >
                  <span className="w-20 text-zinc-500">{ACTION[entry.action]}</span>
                  <span className="font-mono">{entry.file.display}</span>
                  {entry.isChangedSince && entry.action !== "skip" ? (
                    <span className="text-amber-700 dark:text-amber-400">changed since the run</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {data.laterRuns.length > 0 ? (
            <p className="text-amber-700 dark:text-amber-400">
              This also undoes {data.laterRuns.length} later run(s) in this worktree.
            </p>
          ) : null}
          {data.isHeadMoved ? <p>HEAD moved since the run started: only the files are restored, not commits.</p> : null}
          {data.isRunActive ? (
            <p className="text-red-700 dark:text-red-400" data-testid="restore-run-active">
              Claude is working in this worktree: wait for the run to end.
            </p>
          ) : null}
          {losing.length > 0 ? (
            <label className="flex items-center gap-2">
              <Checkbox
                data-testid="restore-confirm"
                checked={isConfirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
              />
              Overwrite {losing.length} file(s) changed after this run
            </label>
          ) : null}
          {restore.error ? <ErrorNotice error={restore.error} /> : null}
        </div>
      )}
      <div className="mt-3 flex justify-end gap-2">
        <Button size="sm" onClick={props.onClose} data-testid="restore-close">
          {restore.data ? "Close" : "Cancel"}
        </Button>
        {data && !restore.data && data.files.length > 0 ? (
          <Button
            size="sm"
            variant="danger"
            data-testid="restore-submit"
            disabled={data.isRunActive || (losing.length > 0 && !isConfirmed) || restore.isPending}
            onClick={() => restore.mutate({ runId: props.runId, expectedTree: data.currentTree, confirm: isConfirmed })}
          >
            Restore
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
