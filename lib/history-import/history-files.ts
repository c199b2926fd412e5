import { lstatSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";

/** A session file Claude Code stored: the main conversation, or one of its subagents. */
export interface HistoryFile {
  path: string;
  /** The Claude session it belongs to (a subagent's parent session). */
  sessionId: string;
  /** The subagent (`agent-<id>.jsonl`), or null for the main conversation. */
  agentId: string | null;
  size: number;
  mtimeMs: number;
}

export interface HistoryListing {
  files: HistoryFile[];
  /** Entries that could not be read (a folder or file Arbor may not open). */
  errors: Array<{ file: string; message: string }>;
}

const SUBAGENT_FILE = /^agent-(.+)\.jsonl$/;

/**
 * The session files of one project folder: `<sessionId>.jsonl`, and each session's subagents
 * under `<sessionId>/subagents/agent-<agentId>.jsonl`. Regular files only (links are not
 * followed). One stat per file: that is all an unchanged file costs a re-import.
 */
export async function listHistoryFiles(folder: string): Promise<HistoryListing> {
  const listing: HistoryListing = { files: [], errors: [] };
  const entries = await readdir(folder, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith(".jsonl")) {
      addFile(listing, path.join(folder, entry.name), entry.name.slice(0, -".jsonl".length), null);
    } else if (entry.isDirectory()) {
      const subagents = path.join(folder, entry.name, "subagents");
      let names: string[];
      try {
        names = await readdir(subagents);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT" && (error as NodeJS.ErrnoException).code !== "ENOTDIR")
          listing.errors.push({ file: subagents, message: describeError(error) });
        continue;
      }
      for (const name of names.sort()) {
        const match = SUBAGENT_FILE.exec(name);
        if (match) addFile(listing, path.join(subagents, name), entry.name, match[1]!);
      }
    }
  }
  return listing;
}

function addFile(listing: HistoryListing, file: string, sessionId: string, agentId: string | null): void {
  try {
    // Synchronous: a stat is microseconds, and 2,000 of them through the thread pool took longer.
    const stat = lstatSync(file);
    if (stat.isFile()) listing.files.push({ path: file, sessionId, agentId, size: stat.size, mtimeMs: stat.mtimeMs });
  } catch (error) {
    listing.errors.push({ file, message: describeError(error) });
  }
}

/** A file-system error as a sentence a user can act on. */
export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return "Arbor may not read it; check its permissions.";
  if (code === "ENOENT") return "It disappeared while the import ran.";
  if (code === "ELOOP")
    return "It became a symbolic link since it was listed; Arbor does not follow links here and skipped it.";
  return (error as Error).message;
}
