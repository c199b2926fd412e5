"use client";

import { useState } from "react";
import { useRunChanges, type WorktreeRef } from "@/components/api/changes-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import type { ChangedFile } from "@/lib/git/change-types.ts";
import { ChangedFileList } from "./ChangedFileList.tsx";
import { FileDiffPanel } from "./FileDiffPanel.tsx";
import { RestoreRunDialog } from "./RestoreRunDialog.tsx";

/**
 * Under an answer: "Changes by this run" (its start and end checkpoints compared: exactly what it
 * did, committed or not, with the files the user had also changed just before) and "Restore to
 * before this run" (a preview first).
 */
export function RunChanges(props: { worktree: WorktreeRef; runId: string }) {
  const [isOpen, setOpen] = useState(false);
  const [isRestoring, setRestoring] = useState(false);
  const [selected, setSelected] = useState<{ file: ChangedFile; scope: "run" | "before-run" } | null>(null);
  const changes = useRunChanges({ ...props.worktree, runId: props.runId, isEnabled: isOpen });
  const data = changes.data;
  return (
    <div data-testid="run-changes" data-run-id={props.runId} className="mt-2 flex flex-col gap-2 text-xs">
      <div className="flex gap-2">
        <Button size="xs" data-testid="run-changes-toggle" isActive={isOpen} onClick={() => setOpen((open) => !open)}>
          Changes by this run
        </Button>
        <Button size="xs" data-testid="run-restore" onClick={() => setRestoring(true)}>
          Restore to before this run
        </Button>
      </div>
      {isOpen ? (
        changes.error ? (
          <ErrorNotice error={changes.error} />
        ) : !data ? (
          <p className="text-zinc-500">Comparing the run&apos;s checkpoints…</p>
        ) : data.state !== "ready" ? (
          <p className="text-zinc-500" data-testid="run-changes-state">
            {data.state === "running"
              ? "The run has not ended yet."
              : "No checkpoints for this run (it ran before Arbor kept them, or the worktree could not be read)."}
          </p>
        ) : (
          <div className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
            <ChangedFileList
              testId="run-changes-files"
              files={data.files}
              totalFiles={data.totalFiles}
              selectedPath={selected?.scope === "run" ? selected.file.path : null}
              onSelect={(file) => setSelected({ file, scope: "run" })}
            />
            {data.editedBefore.length > 0 ? (
              <div data-testid="run-changes-edited-before" className="flex flex-col gap-1">
                <p className="text-amber-700 dark:text-amber-400">
                  These files had also been changed just before this run (by you, a terminal or an editor). Their change
                  from before the run:
                </p>
                <ChangedFileList
                  testId="run-changes-before-files"
                  files={data.editedBefore}
                  totalFiles={data.editedBefore.length}
                  selectedPath={selected?.scope === "before-run" ? selected.file.path : null}
                  onSelect={(file) => setSelected({ file, scope: "before-run" })}
                />
              </div>
            ) : null}
            {data.commits.length > 0 ? (
              <p className="text-zinc-500">
                Commits made by the run:{" "}
                {data.commits.map((commit) => `${commit.shortSha} ${commit.subject}`).join("; ")}
              </p>
            ) : null}
            {selected ? (
              <FileDiffPanel
                key={`${selected.scope}\0${selected.file.path}`}
                worktree={props.worktree}
                scope={{ kind: selected.scope, runId: props.runId }}
                file={selected.file}
                isSplit={false}
              />
            ) : null}
          </div>
        )
      ) : null}
      {isRestoring ? (
        <RestoreRunDialog worktree={props.worktree} runId={props.runId} onClose={() => setRestoring(false)} />
      ) : null}
    </div>
  );
}
