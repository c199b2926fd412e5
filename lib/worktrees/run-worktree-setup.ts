import { constants } from "node:fs";
import { copyFile, lstat, mkdir, realpath } from "node:fs/promises";
import path from "node:path";
import { ProcessFailure, runProcess } from "@/lib/process-host/run-process.ts";
import { explainCopyPathProblem, formatCommandLine, type WorktreeSetup } from "./worktree-setup.ts";
import type { CommandOutcome, CopyOutcome, SetupReport } from "./worktree-types.ts";

/** How much of the command's output the report keeps (its end: where errors are). */
const OUTPUT_TAIL_CHARS = 16_000;

/** Variables of Arbor's own that a repository's setup command has no business reading. */
const PRIVATE_ENV = /^(ARBOR_|GIT_(DIR|WORK_TREE|INDEX_FILE|COMMON_DIR|PREFIX)$)/;

/**
 * Sets a new worktree up as the repository asks: copies the listed files from the main worktree
 * (regular files only, never through a symbolic link out of either worktree, never over a file the
 * checkout made), then runs the setup command in it (argv, no shell, with a time limit) only when
 * the repository is trusted. Never throws for what the setup does: every outcome is in the report,
 * and the worktree stays whatever happens.
 */
export async function runWorktreeSetup(input: {
  mainPath: string;
  worktreePath: string;
  setup: WorktreeSetup;
  isTrusted: boolean;
  /** Each piece of the setup command's output as it is written (the report keeps the end of it too). */
  onOutput?: (text: string) => void;
  /** Aborted when the user stops the setup command ("Stop setup"). */
  signal?: AbortSignal;
}): Promise<SetupReport> {
  const copies: CopyOutcome[] = [];
  for (const file of input.setup.copyFiles) {
    copies.push(await copySetupFile({ mainPath: input.mainPath, worktreePath: input.worktreePath, file }));
  }
  return { copies, command: await runSetupCommand(input) };
}

async function copySetupFile(input: { mainPath: string; worktreePath: string; file: string }): Promise<CopyOutcome> {
  const { file } = input;
  const refused = (reason: string): CopyOutcome => ({ path: file, status: "refused", reason });
  const problem = explainCopyPathProblem(file);
  if (problem) return refused(problem);
  try {
    const mainRoot = await realpath(input.mainPath);
    const newRoot = await realpath(input.worktreePath);
    const source = path.join(mainRoot, file);
    const stats = await lstat(source).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
      throw error;
    });
    if (!stats) return { path: file, status: "skipped", reason: "it is not in the main worktree" };
    if (stats.isSymbolicLink())
      return refused("it is a symbolic link in the main worktree; list the file it points to");
    if (!stats.isFile()) return refused("it is not a regular file (folders are not copied: list the files in them)");
    const real = await realpath(source);
    if (!isInside(mainRoot, real))
      return refused("a folder on its way is a symbolic link that leads out of the main worktree");
    // A folder on its way that is a link to .git (or another repository's) would copy git's own files.
    if (explainCopyPathProblem(path.relative(mainRoot, real).split(path.sep).join("/")))
      return refused("a folder on its way is a symbolic link into .git; files inside .git cannot be copied");
    const target = path.join(newRoot, file);
    const folderProblem = await makeFolders({ root: newRoot, folder: path.dirname(target) });
    if (folderProblem) return refused(folderProblem);
    try {
      await copyFile(source, target, constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST")
        return { path: file, status: "skipped", reason: "the new worktree already has it (kept as checked out)" };
      throw error;
    }
    return { path: file, status: "copied", reason: null };
  } catch (error) {
    return refused(`it could not be copied: ${(error as Error).message}`);
  }
}

/** Creates `folder` under `root` one part at a time, refusing a part that is a link or a file. */
async function makeFolders({ root, folder }: { root: string; folder: string }): Promise<string | null> {
  let current = root;
  for (const part of path.relative(root, folder).split(path.sep).filter(Boolean)) {
    current = path.join(current, part);
    const stats = await lstat(current).catch(() => null);
    if (!stats) await mkdir(current);
    else if (stats.isSymbolicLink())
      return `${path.relative(root, current)} is a symbolic link in the new worktree; nothing is written through it`;
    else if (!stats.isDirectory()) return `${path.relative(root, current)} is a file in the new worktree, not a folder`;
  }
  return null;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  // `..env` is inside; `..` and `../x` are not.
  return relative !== "" && relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

async function runSetupCommand(input: {
  worktreePath: string;
  setup: WorktreeSetup;
  isTrusted: boolean;
  onOutput?: (text: string) => void;
  signal?: AbortSignal;
}): Promise<CommandOutcome | null> {
  const [program, ...args] = input.setup.command;
  if (program === undefined) return null;
  const command = formatCommandLine(input.setup.command);
  if (!input.isTrusted) {
    return {
      command,
      status: "not_run",
      message:
        "Not run: Arbor runs a repository's setup command only when you trust the repository. Review and trust it (the button next to its name), or run the command yourself in the new worktree.",
      output: "",
    };
  }
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !PRIVATE_ENV.test(name)));
  try {
    const result = await runProcess({
      // A program given with a folder (`./setup.sh`, `bin/setup`) is the worktree's; a bare name is looked up on PATH.
      bin: program.includes("/") ? path.resolve(input.worktreePath, program) : program,
      args,
      cwd: input.worktreePath,
      env,
      timeoutMs: input.setup.timeoutSeconds * 1000,
      // Only the end is reported; a command writing gigabytes keeps no more than this in memory.
      maxOutputBytes: OUTPUT_TAIL_CHARS * 4,
      ...(input.onOutput ? { onOutput: input.onOutput } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return { command, status: "succeeded", message: null, output: tail(result.stdout + result.stderr) };
  } catch (error) {
    const output = error instanceof ProcessFailure && error.output ? error.output : null;
    const why = output?.isStopped
      ? "was stopped, as you asked"
      : output?.isTimedOut
        ? `did not finish within ${input.setup.timeoutSeconds} s and was stopped`
        : output
          ? `failed (exit status ${output.exitCode ?? "none: killed"})`
          : error instanceof ProcessFailure && error.code === "ENOENT"
            ? `could not start: ${
                !program.includes("/")
                  ? `there is no program ${program} on Arbor's PATH`
                  : path.isAbsolute(program)
                    ? `${program} was not found (or the interpreter its first line names was not)`
                    : `${program} is not in the worktree (or the interpreter its first line names was not found)`
              }`
            : `could not start (${(error as Error).message})`;
    return {
      command,
      status: "failed",
      message: `The setup command ${why}. The worktree was created and stays; fix the command in the setup, or finish the setup by hand in the worktree.`,
      output: output ? tail(output.stdout + output.stderr) : "",
    };
  }
}

function tail(text: string): string {
  return text.length <= OUTPUT_TAIL_CHARS ? text : `…${text.slice(-OUTPUT_TAIL_CHARS)}`;
}
