// Removes the builds nobody needs (builds-to-remove.ts). Run under the build lock, after a swap.
import { readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { BuildLayout } from "./build-layout.ts";
import { buildsToRemove } from "./builds-to-remove.ts";
import { readCurrentBuild } from "./current-build.ts";
import { servedBuilds } from "./served-build.ts";

export function pruneBuilds(layout: BuildLayout): string[] {
  const removed = buildsToRemove({
    folders: readdirSync(layout.buildsPath).filter((name) => !name.startsWith(".")),
    current: readCurrentBuild(layout),
    served: servedBuilds(layout),
  });
  for (const folder of removed) {
    // Renamed first: a server that pins right now finds the folder gone at once and pins the current one.
    const doomed = path.join(layout.buildsPath, `.removing-${folder}`);
    renameSync(path.join(layout.buildsPath, folder), doomed);
    rmSync(doomed, { recursive: true, force: true });
  }
  // What an interrupted prune left behind.
  for (const name of readdirSync(layout.buildsPath).filter((entry) => entry.startsWith(".removing-"))) {
    rmSync(path.join(layout.buildsPath, name), { recursive: true, force: true });
  }
  return removed;
}
