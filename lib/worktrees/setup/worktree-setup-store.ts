import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import {
  EMPTY_WORKTREE_SETUP,
  SETUP_COPY_MAX_FILES,
  SETUP_TIMEOUT_MAX_SECONDS,
  explainCopyPathProblem,
  type WorktreeSetup,
} from "@/lib/worktrees/worktree-setup.ts";

/** The repository setting (a repo_settings row, JSON) that holds its worktree setup. */
const SETUP_KEY = "worktreeSetup";

/** The repository's setup for new worktrees; none when never saved (or when what is stored no longer passes the checks). */
export async function readWorktreeSetup(db: Db, repoId: string): Promise<WorktreeSetup> {
  const row = await db.repoSetting.findUnique({ where: { repoId_key: { repoId, key: SETUP_KEY } } });
  if (!row) return EMPTY_WORKTREE_SETUP;
  try {
    return checkWorktreeSetup(JSON.parse(row.value) as WorktreeSetup);
  } catch {
    return EMPTY_WORKTREE_SETUP;
  }
}

/** Stores the setup after checking every path (relative, inside the worktree) and the time limit. */
export async function saveWorktreeSetup(
  db: Db,
  input: { repoId: string; setup: WorktreeSetup },
): Promise<WorktreeSetup> {
  if (!(await db.repo.findUnique({ where: { id: input.repoId }, select: { id: true } })))
    throw new AppError("not_found", "That repository is not known to Arbor. Pin it first.");
  const setup = checkWorktreeSetup(input.setup);
  const value = JSON.stringify(setup);
  await db.repoSetting.upsert({
    where: { repoId_key: { repoId: input.repoId, key: SETUP_KEY } },
    create: { repoId: input.repoId, key: SETUP_KEY, value },
    update: { value },
  });
  return setup;
}

function checkWorktreeSetup(setup: WorktreeSetup): WorktreeSetup {
  const copyFiles = [...new Set(setup.copyFiles.map((file) => file.trim()).filter((file) => file !== ""))];
  if (copyFiles.length > SETUP_COPY_MAX_FILES)
    throw new AppError("invalid_input", `List at most ${SETUP_COPY_MAX_FILES} files to copy.`);
  for (const file of copyFiles) {
    const problem = explainCopyPathProblem(file);
    if (problem) throw new AppError("invalid_input", `"${file}" cannot be copied into new worktrees: ${problem}.`);
  }
  const timeoutSeconds = Math.trunc(setup.timeoutSeconds);
  if (!(timeoutSeconds >= 1 && timeoutSeconds <= SETUP_TIMEOUT_MAX_SECONDS))
    throw new AppError("invalid_input", `The time limit must be 1 to ${SETUP_TIMEOUT_MAX_SECONDS} seconds.`);
  if (setup.command.length > 0 && setup.command[0]!.trim() === "")
    throw new AppError("invalid_input", "The setup command must start with a program name.");
  // No process can receive a NUL in an argument: the command could never start.
  if (setup.command.some((word) => word.includes("\0")))
    throw new AppError(
      "invalid_input",
      "The setup command contains a NUL character, which no program can be given; type the command again.",
    );
  return { copyFiles, command: setup.command, timeoutSeconds };
}
