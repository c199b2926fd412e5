import { mkdirSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import type { GitObject } from "./git-objects.ts";
import { quoteGitPath } from "@/lib/git/git-path.ts";

/** A temporary object directory that reads a repository's objects through an alternate. */
export interface ScratchObjectStore {
  /** The environment a git command needs to read and write here (objects it writes stay here). */
  env: { GIT_OBJECT_DIRECTORY: string };
  /**
   * Stores objects as loose objects, as git would. Synchronously: a few dozen small files are
   * written sooner than as many trips through the thread pool would take.
   */
  write(objects: readonly GitObject[]): void;
}

/**
 * Runs `use` with a temporary object directory whose `info/alternates` names the repository's own
 * (`<commonDir>/objects`, whose alternates git follows in turn), then deletes it (without making
 * the caller wait). Objects Arbor makes to ask git something (the merge order's stand-in commits),
 * and those git writes while answering (`merge-tree --write-tree`'s trees), never reach the user's
 * repository. When no such folder can be made (the temporary folder is full or read-only), `use`
 * gets null and works without.
 */
export async function withScratchObjectStore<T>(
  input: { commonDir: string },
  use: (store: ScratchObjectStore | null) => Promise<T>,
): Promise<T> {
  let folder: string;
  try {
    folder = await mkdtemp(path.join(tmpdir(), "arbor-objects-"));
    await mkdir(path.join(folder, "objects", "info"), { recursive: true });
    await writeFile(
      path.join(folder, "objects", "info", "alternates"),
      `${quoteGitPath(path.join(input.commonDir, "objects"))}\n`,
    );
  } catch (error) {
    console.warn(`[arbor] no scratch object folder (${(error as Error).message}); git writes into the repository`);
    return use(null);
  }
  try {
    const objects = path.join(folder, "objects");
    const made = new Set<string>();
    return await use({
      env: { GIT_OBJECT_DIRECTORY: objects },
      write(list) {
        for (const object of list) {
          if (made.has(object.id)) continue;
          made.add(object.id);
          const fan = path.join(objects, object.id.slice(0, 2));
          mkdirSync(fan, { recursive: true });
          const stored = Buffer.concat([Buffer.from(`${object.type} ${object.body.byteLength}\0`), object.body]);
          writeFileSync(path.join(fan, object.id.slice(2)), deflateSync(stored));
        }
      },
    });
  } finally {
    // Deleted behind the answer: nothing reads the folder any more, and the caller need not wait.
    void rm(folder, { recursive: true, force: true }).catch((error: Error) =>
      console.warn(`[arbor] could not delete the scratch object folder ${folder}: ${error.message}`),
    );
  }
}
