import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";

/**
 * Reading and writing files inside a directory that a repository controls (a worktree, a git
 * dir) without following links it may have planted: a `.claude` that points at `~/.config`, or a
 * `settings.local.json` that points at `~/.bashrc`, would otherwise make Arbor write where the
 * repository wants. Every component below `root` must be a real directory or file, and the real
 * path must stay inside root.
 */

/** Why `file` may not be touched (a link, or a path that leaves `root`), or null when it is safe. */
export function findUnsafeComponent(input: { root: string; file: string }): string | null {
  const root = path.resolve(input.root);
  const file = path.resolve(input.file);
  const relative = path.relative(root, file);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) {
    return `${file} is not inside ${root}`;
  }
  let current = root;
  for (const part of relative.split(path.sep)) {
    current = path.join(current, part);
    let stat;
    try {
      stat = lstatSync(current);
    } catch {
      return null; // the rest does not exist yet: it will be created as real directories and a file
    }
    if (stat.isSymbolicLink()) return `${current} is a symbolic link`;
  }
  const realRoot = realpathSync(root);
  const realParent = safeRealpath(path.dirname(file));
  if (realParent && path.relative(realRoot, realParent).startsWith("..")) return `${file} resolves outside ${root}`;
  return null;
}

/** The text of a file, or null when it does not exist; a link in the last component is refused (ELOOP). */
export function readTextNoFollow(file: string): string | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`${file} is not a regular file`), { code: "EINVAL" });
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `text` to `file` atomically: a new temporary file in the same (real) directory, opened
 * with O_EXCL | O_NOFOLLOW, then renamed over the target (a rename replaces a link, never follows it).
 */
export function writeTextNoFollow(file: string, text: string, mode = 0o644): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.arbor-tmp-${process.pid}-${Date.now()}`);
  const fd = openSync(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    mode,
  );
  try {
    writeSync(fd, text);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
}

function safeRealpath(target: string): string | null {
  try {
    return realpathSync(target);
  } catch {
    return null;
  }
}
