import { lstat, mkdir, readdir, readlink, realpath, symlink } from "node:fs/promises";
import path from "node:path";
import { explainUnreachable } from "@/lib/worktrees/dependency-folder-check.ts";
import { isFolderOfPackages, NODE_MODULES_CACHES, planMirroredLink } from "./dependency-kinds.ts";

/** What linking a worktree's dependency folders into a scratch did: the folders linked, and why others were not. */
export interface LinkOutcome {
  linked: string[];
  problems: string[];
}

/**
 * Gives the scratch checkout the source worktree's installed dependency folders, by symbolic
 * links: a copy of a node_modules or a .venv takes seconds to minutes and gigabytes, a link
 * nothing, and the checks only read them. A node_modules is a real folder in the scratch whose
 * entries are links (mirrorNodeModules), so a check's caches and workspace packages are the
 * scratch's own; .venv, vendor and the like are one link each. A folder is placed only where the
 * checkout has nothing, under folders that are real in the scratch (never through a link the tree
 * holds); otherwise it is left out, with the reason when that is not "the merge has it".
 */
export async function linkInstalledFolders(input: {
  sourceRoot: string;
  scratchRoot: string;
  folders: readonly string[];
}): Promise<LinkOutcome> {
  const sourceRoot = await realpath(input.sourceRoot);
  const scratchRoot = await realpath(input.scratchRoot);
  const outcome: LinkOutcome = { linked: [], problems: [] };
  for (const folder of input.folders) {
    const parts = folder.split("/");
    const parent = parts.slice(0, -1).join("/");
    // A workspace package the merge no longer has, or a folder the tree made a link or a file: nothing to place.
    if (parent !== "" && (await explainUnreachable(scratchRoot, parent)) !== null) continue;
    const target = path.join(scratchRoot, ...parts);
    if (await lstat(target).catch(() => null)) continue;
    const source = path.join(sourceRoot, ...parts);
    try {
      if (parts.at(-1) === "node_modules") await mirrorNodeModules({ sourceRoot, scratchRoot, source, target });
      else await symlink(await realpath(source), target);
      outcome.linked.push(folder);
    } catch (error) {
      outcome.problems.push(`${folder} was not linked: ${(error as Error).message}`);
    }
  }
  return outcome;
}

/**
 * Makes `target` a real folder holding a link to each entry of the node_modules `source`: a
 * package is linked to its folder in the source; a link the source holds is copied as a link
 * (planMirroredLink: a workspace package leads to the scratch's own files); `@scope` and `.bin`
 * are mirrored the same way one level down; caches (NODE_MODULES_CACHES) are left out, so a
 * check that writes one writes it in the scratch.
 */
async function mirrorNodeModules(input: {
  sourceRoot: string;
  scratchRoot: string;
  source: string;
  target: string;
  isNested?: boolean;
}): Promise<void> {
  const sourceFolder = await realpath(input.source);
  await mkdir(input.target);
  for (const entry of await readdir(sourceFolder, { withFileTypes: true })) {
    if (!input.isNested && NODE_MODULES_CACHES.has(entry.name)) continue;
    const from = path.join(sourceFolder, entry.name);
    const to = path.join(input.target, entry.name);
    if (entry.isSymbolicLink()) {
      const text = await readlink(from);
      const { sourceRoot, scratchRoot } = input;
      await symlink(planMirroredLink({ sourceRoot, scratchRoot, sourceFolder, scratchFolder: input.target, text }), to);
    } else if (!input.isNested && entry.isDirectory() && isFolderOfPackages(entry.name)) {
      await mirrorNodeModules({ ...input, source: from, target: to, isNested: true });
    } else {
      await symlink(from, to);
    }
  }
}
