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
  const [selected, setSelected] = useState<ChangedFile | null>(null);
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
              selectedPath={selected?.path ?? null}
              onSelect={setSelected}
            />
            {data.editedBefore.length > 0 ? (
              <p className="text-amber-700 dark:text-amber-400" data-testid="run-changes-edited-before">
                You (or a tool) had also changed {data.editedBefore.map((file) => file.display).join(", ")} just before
                this run; the diff shows only the run&apos;s part.
              </p>
            ) : null}
            {data.commits.length > 0 ? (
              <p className="text-zinc-500">
                Commits made by the run:{" "}
                {data.commits.map((commit) => `${commit.shortSha} ${commit.subject}`).join("; ")}
              </p>
            ) : null}
            {selected ? (
              <FileDiffPanel
                key={selected.path}
                worktree={props.worktree}
                scope={{ kind: "run", runId: props.runId }}
                file={selected}
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
