import { createHash } from "node:crypto";
import { lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Installs, by hand, what `npm install` would leave in a worktree of a small workspace: a package
 * `left-pad-like` (only here: no registry has it), the workspace package `@me/util` as a relative
 * link to `packages/util`, a `.bin` link, a cache the user's tools wrote (`.cache/user.txt`), and
 * a `.venv`. The repository must track `packages/util` and ignore `node_modules/` and `.venv/`.
 */
export async function installDependencies(worktreePath: string): Promise<void> {
  const modules = path.join(worktreePath, "node_modules");
  const pkg = path.join(modules, "left-pad-like");
  await mkdir(pkg, { recursive: true });
  await writeFile(path.join(pkg, "package.json"), JSON.stringify({ name: "left-pad-like", main: "index.js" }));
  await writeFile(path.join(pkg, "index.js"), "module.exports = (text) => `  ${text}`;\n");
  await mkdir(path.join(modules, "@me"));
  await symlink("../../packages/util", path.join(modules, "@me", "util"));
  await mkdir(path.join(modules, ".bin"));
  await symlink("../left-pad-like/index.js", path.join(modules, ".bin", "left-pad"));
  await mkdir(path.join(modules, ".cache"));
  await writeFile(path.join(modules, ".cache", "user.txt"), "the user's cache\n");
  await mkdir(path.join(worktreePath, ".venv", "bin"), { recursive: true });
  await writeFile(path.join(worktreePath, ".venv", "bin", "python"), "#!/bin/sh\n");
}

/**
 * Every entry under `folder`, links not followed: its kind, mode, and a hash of its bytes or the
 * text of its link. Two equal snapshots mean nothing under it was added, removed or changed.
 */
export async function snapshotFolder(folder: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  const visit = async (absolute: string, relative: string) => {
    const stats = await lstat(absolute);
    const mode = (stats.mode & 0o7777).toString(8);
    if (stats.isSymbolicLink()) entries[relative] = `link ${await readlink(absolute)}`;
    else if (stats.isFile()) {
      const digest = createHash("sha256")
        .update(await readFile(absolute))
        .digest("hex");
      entries[relative] = `file ${mode} ${digest}`;
    } else if (stats.isDirectory()) {
      entries[relative] = `folder ${mode}`;
      for (const name of (await readdir(absolute)).sort())
        await visit(path.join(absolute, name), relative === "" ? name : `${relative}/${name}`);
    } else entries[relative] = "other";
  };
  await visit(folder, "");
  return entries;
}
