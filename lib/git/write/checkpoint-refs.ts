import { AppError } from "@/lib/errors/app-error.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";

/**
 * Where Arbor keeps checkpoint trees: `refs/arbor/checkpoints/<id>/<phase>`. A ref that names a
 * tree keeps it through `git gc` (reachable objects are never pruned) and stays out of history
 * views: `git log --all` and graph tools list commits, and a tree is none. Refs are shared by
 * every worktree of a repository, so `<id>` (a run id, or `restore-<uuid>`) makes each name unique.
 */
export const CHECKPOINT_REF_PREFIX = "refs/arbor/checkpoints/";

const SAFE_REF_PART = /^[A-Za-z0-9][A-Za-z0-9-]{0,80}$/;
const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** The ref of one checkpoint. Throws when `id` or `phase` is not a plain name (they are Arbor's own). */
export function checkpointRef(input: { id: string; phase: string }): string {
  if (!SAFE_REF_PART.test(input.id) || !SAFE_REF_PART.test(input.phase)) {
    throw new AppError("internal", `Not a checkpoint name: ${input.id}/${input.phase}`);
  }
  return `${CHECKPOINT_REF_PREFIX}${input.id}/${input.phase}`;
}

/** Points `ref` at the tree so git keeps it. */
export async function keepCheckpointTree(input: { cwd: string; ref: string; tree: string }): Promise<void> {
  if (!input.ref.startsWith(CHECKPOINT_REF_PREFIX) || !OBJECT_ID.test(input.tree)) {
    throw new AppError("internal", `Refusing to write ${input.ref} → ${input.tree}`);
  }
  await runGitCommand({ cwd: input.cwd, args: ["update-ref", input.ref, input.tree] });
}

/** True for a full object id (SHA-1 or SHA-256). */
export function isObjectId(value: string): boolean {
  return OBJECT_ID.test(value);
}
