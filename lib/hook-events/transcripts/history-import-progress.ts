/** Where a worktree's "Import history" stands, as the server sends it and the button shows it. */
export interface HistoryImportView {
  repoId: string;
  worktreePath: string;
  /** `interrupted`: the server stopped mid-import; importing again resumes from the stored cursors. */
  status: "running" | "finished" | "cancelled" | "failed" | "interrupted";
  folder: string;
  startedAt: string;
  finishedAt: string | null;
  filesTotal: number;
  filesDone: number;
  /** Files skipped after a stat: same size and modification time as when they were read to the end. */
  filesUnchanged: number;
  bytesTotal: number;
  bytesDone: number;
  relays: number;
  malformedLines: number;
  currentFile: string | null;
  etaSeconds: number | null;
  /** Files that could not be read (named), and the failure that stopped the import, if any. */
  errors: Array<{ file: string; message: string }>;
  message: string | null;
}

/**
 * Seconds left at the rate so far, or null before there is a rate worth extrapolating (under
 * half a second or no bytes read yet).
 */
export function estimateEtaSeconds(input: { bytesDone: number; bytesTotal: number; elapsedMs: number }): number | null {
  if (input.bytesDone <= 0 || input.elapsedMs < 500) return null;
  const remaining = Math.max(0, input.bytesTotal - input.bytesDone);
  return Math.ceil(remaining / (input.bytesDone / (input.elapsedMs / 1000)));
}

/** True at most once per `intervalMs` (the first call included), for progress messages. */
export function createThrottle(intervalMs: number): (nowMs: number) => boolean {
  let last = -Infinity;
  return (nowMs) => {
    if (nowMs - last < intervalMs) return false;
    last = nowMs;
    return true;
  };
}

/** "1.2 GB", "340 MB", "12 KB", "800 B" (decimal units, as file managers show sizes). */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 || value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** "45 s", "3 min 05 s", "1 h 02 min". */
export function formatEta(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}
