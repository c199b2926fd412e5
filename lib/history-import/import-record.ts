import type { Db } from "@/lib/db/client.ts";
import type { HistoryImportView } from "@/lib/hook-events/transcripts/history-import-progress.ts";

/** Stores where the worktree's import stands (at its start and end), for a reloaded page or a restart. */
export async function saveImport(db: Db, view: HistoryImportView): Promise<void> {
  const data = {
    repoId: view.repoId,
    status: view.status,
    startedAt: new Date(view.startedAt),
    finishedAt: view.finishedAt ? new Date(view.finishedAt) : null,
    progress: JSON.stringify(view),
  };
  await db.historyImport.upsert({
    where: { worktreePath: view.worktreePath },
    create: { worktreePath: view.worktreePath, ...data },
    update: data,
  });
}

/**
 * The worktree's last import as stored. Called when no import runs in this process: one still
 * marked running was cut short by a restart, and shows as `interrupted`.
 */
export async function readLastImport(db: Db, worktreePath: string): Promise<HistoryImportView | null> {
  const row = await db.historyImport.findUnique({ where: { worktreePath } });
  if (!row) return null;
  const view = JSON.parse(row.progress) as HistoryImportView;
  if (row.status !== "running") return view;
  return {
    ...view,
    status: "interrupted",
    currentFile: null,
    etaSeconds: null,
    message:
      "Arbor stopped before this import finished. Import history again to resume: what was imported is kept, and each file continues where it stopped.",
  };
}
