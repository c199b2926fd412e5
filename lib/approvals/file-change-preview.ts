import { realpath, stat, readFile } from "node:fs/promises";
import path from "node:path";
import { applyEdits, readEdits } from "./apply-edit.ts";
import type { FileChangePreview } from "@/lib/realtime/approval-view.ts";

/** Files above this are not read for a preview. */
const MAX_READ_BYTES = 2 * 1024 * 1024;
/** Each side of the diff is cut to this many characters. */
const MAX_SIDE_CHARS = 200_000;

/**
 * Before and after of a Write, Edit or MultiEdit, for the approval card's diff. Only regular text
 * files inside the worktree are read (the path comes from the model); anything else gets a
 * preview with a note instead. Null for tools that do not change a file.
 */
export async function buildFileChangePreview(input: {
  toolName: string;
  toolInput: Record<string, unknown>;
  worktreePath: string;
}): Promise<FileChangePreview | null> {
  const filePath = input.toolInput.file_path;
  const isWrite = input.toolName === "Write";
  const edits = readEdits(input.toolName, input.toolInput);
  if (typeof filePath !== "string" || (!isWrite && !edits)) return null;
  const current = await readCurrent({ filePath, worktreePath: input.worktreePath });
  if ("note" in current) return preview({ path: filePath, before: null, after: null, note: current.note });
  if (isWrite) {
    const content = typeof input.toolInput.content === "string" ? input.toolInput.content : "";
    return preview({ path: filePath, before: current.text, after: content, note: null });
  }
  if (current.text === null)
    return preview({ path: filePath, before: null, after: null, note: "the file does not exist yet" });
  const applied = applyEdits({ text: current.text, edits: edits! });
  return "failure" in applied
    ? preview({ path: filePath, before: current.text, after: null, note: applied.failure })
    : preview({ path: filePath, before: current.text, after: applied.after, note: null });
}

async function readCurrent(input: {
  filePath: string;
  worktreePath: string;
}): Promise<{ text: string | null } | { note: string }> {
  if (!path.isAbsolute(input.filePath)) return { note: "the path is not absolute" };
  let real: string;
  try {
    real = await realpath(input.filePath);
  } catch {
    // A new file: its folder must still be inside the worktree for a preview.
    return isInside(await realParent(input.filePath), await realpath(input.worktreePath))
      ? { text: null }
      : { note: "the file is outside this worktree; Arbor does not read it" };
  }
  if (!isInside(real, await realpath(input.worktreePath)))
    return { note: "the file is outside this worktree; Arbor does not read it" };
  const info = await stat(real);
  if (!info.isFile()) return { note: "not a regular file" };
  if (info.size > MAX_READ_BYTES) return { note: `the file is larger than ${MAX_READ_BYTES / 1024 / 1024} MB` };
  const bytes = await readFile(real);
  if (bytes.includes(0)) return { note: "a binary file" };
  return { text: bytes.toString("utf8") };
}

async function realParent(filePath: string): Promise<string> {
  let dir = path.dirname(filePath);
  for (;;) {
    try {
      return path.join(await realpath(dir), path.relative(dir, path.dirname(filePath)));
    } catch {
      const up = path.dirname(dir);
      if (up === dir) return dir;
      dir = up;
    }
  }
}

function isInside(target: string, root: string): boolean {
  const relative = path.relative(root, target);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

function preview(input: {
  path: string;
  before: string | null;
  after: string | null;
  note: string | null;
}): FileChangePreview {
  const cut = (text: string | null) =>
    text !== null && text.length > MAX_SIDE_CHARS ? text.slice(0, MAX_SIDE_CHARS) : text;
  const isTruncated = (input.before?.length ?? 0) > MAX_SIDE_CHARS || (input.after?.length ?? 0) > MAX_SIDE_CHARS;
  return { path: input.path, before: cut(input.before), after: cut(input.after), isTruncated, note: input.note };
}
