"use client";

import { useImportHistory } from "@/components/api/hooks-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

/** Reads the worktree's past Claude Code sessions (from the Claude config folder) into relays. */
export function ImportHistoryButton({ repoId, worktreePath }: { repoId: string; worktreePath: string }) {
  const importHistory = useImportHistory();
  const result = importHistory.data;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        data-testid="import-history"
        disabled={importHistory.isPending}
        onClick={() => importHistory.mutate({ repoId, worktreePath })}
        title="Read the prompts and answers of this worktree's earlier Claude Code sessions"
      >
        {importHistory.isPending ? "Importing…" : "Import history"}
      </Button>
      {result ? (
        <span
          data-testid="import-history-result"
          data-sessions={result.sessions}
          data-relays={result.relays}
          className="text-xs text-zinc-600 dark:text-zinc-400"
          title={result.folder}
        >
          {result.sessions === 0
            ? `No earlier sessions found in ${result.folder}.`
            : `Imported ${result.sessions} session${result.sessions === 1 ? "" : "s"}, ${result.relays} relay${result.relays === 1 ? "" : "s"}.`}
        </span>
      ) : null}
      {importHistory.error ? <ErrorNotice error={importHistory.error} testId="import-history-error" /> : null}
    </div>
  );
}
