"use client";

import { useHistoryImport, useImportHistory } from "@/components/api/hooks-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import {
  formatBytes,
  formatEta,
  type HistoryImportView,
} from "@/lib/hook-events/transcripts/history-import-progress.ts";

/**
 * Reads the worktree's past Claude Code sessions (from the Claude config folder) into relays, in
 * the background: a progress bar with files, bytes and time left while it runs (kept live by
 * `history_import` messages, so a reloaded page picks it up), Cancel, and the result at the end.
 */
export function ImportHistoryButton({ repoId, worktreePath }: { repoId: string; worktreePath: string }) {
  const job = useHistoryImport(repoId, worktreePath).data ?? null;
  const { start, cancel } = useImportHistory();
  const isRunning = job?.status === "running";
  const input = { repoId, worktreePath };
  return (
    <div className="flex w-full flex-col gap-2" data-testid="import-history-panel">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          data-testid="import-history"
          disabled={isRunning || start.isPending}
          onClick={() => start.mutate(input)}
          title="Read the prompts and answers of this worktree's earlier Claude Code sessions"
        >
          {isRunning ? "Importing…" : job?.status === "interrupted" ? "Resume import" : "Import history"}
        </Button>
        {isRunning ? (
          <Button data-testid="import-history-cancel" disabled={cancel.isPending} onClick={() => cancel.mutate(input)}>
            Cancel
          </Button>
        ) : null}
      </div>
      {job ? <ImportStatus job={job} /> : null}
      {start.error ? <ErrorNotice error={start.error} testId="import-history-error" /> : null}
      {cancel.error ? <ErrorNotice error={cancel.error} testId="import-history-error" /> : null}
    </div>
  );
}

function ImportStatus({ job }: { job: HistoryImportView }) {
  const fraction = job.bytesTotal > 0 ? job.bytesDone / job.bytesTotal : job.status === "running" ? 0 : 1;
  const percent = Math.round(Math.min(1, fraction) * 100);
  return (
    <div
      data-testid="import-history-status"
      data-status={job.status}
      data-relays={job.relays}
      data-files-done={job.filesDone}
      data-files-unchanged={job.filesUnchanged}
      className="flex flex-col gap-1 text-xs text-zinc-700 dark:text-zinc-300"
    >
      {job.status === "running" ? (
        <>
          <div
            role="progressbar"
            aria-label="History import"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
          >
            <div className="h-full bg-sky-600 transition-[width] dark:bg-sky-400" style={{ width: `${percent}%` }} />
          </div>
          <p data-testid="import-history-progress" className="tabular-nums">
            {job.filesTotal === 0
              ? "Listing the session files…"
              : `${job.filesDone} of ${job.filesTotal} files · ${formatBytes(job.bytesDone)} of ${formatBytes(job.bytesTotal)}` +
                (job.etaSeconds !== null ? ` · about ${formatEta(job.etaSeconds)} left` : "") +
                ` · ${job.relays} relays`}
          </p>
          {job.currentFile ? (
            <p className="truncate text-zinc-500 dark:text-zinc-400" title={job.currentFile}>
              Reading {job.currentFile}
            </p>
          ) : null}
        </>
      ) : (
        <p data-testid="import-history-result" title={job.folder}>
          {summary(job)}
        </p>
      )}
      {job.message ? <p className="text-amber-800 dark:text-amber-300">{job.message}</p> : null}
      {job.errors.length > 0 ? (
        <details data-testid="import-history-errors" className="text-red-800 dark:text-red-300">
          <summary className="cursor-pointer">
            {job.errors.length} file{job.errors.length === 1 ? "" : "s"} could not be read
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {job.errors.slice(0, 20).map((error) => (
              <li key={error.file} className="break-all">
                {error.file}: {error.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function summary(job: HistoryImportView): string {
  const read = job.filesDone - job.filesUnchanged;
  const parts = [
    `${read} file${read === 1 ? "" : "s"} read (${formatBytes(job.bytesDone)}), ${job.relays} relay${job.relays === 1 ? "" : "s"} imported`,
  ];
  if (job.filesUnchanged > 0) parts.push(`${job.filesUnchanged} unchanged skipped`);
  if (job.malformedLines > 0)
    parts.push(`${job.malformedLines} malformed line${job.malformedLines === 1 ? "" : "s"} skipped`);
  const text = parts.join(", ") + ".";
  if (job.status === "finished") return job.filesTotal === 0 ? `No session files in ${job.folder}.` : `Done: ${text}`;
  if (job.status === "cancelled") return `Cancelled: ${text}`;
  if (job.status === "interrupted") return `Interrupted: ${text}`;
  return `Failed: ${text}`;
}
