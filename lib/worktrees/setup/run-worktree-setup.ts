import path from "node:path";
import { childEnv } from "@/lib/process-host/child-env-source.ts";
import { ProcessFailure, runProcess } from "@/lib/process-host/run-process.ts";
import { copySetupFiles } from "./copy-setup-files.ts";
import { formatCommandLine, type WorktreeSetup } from "@/lib/worktrees/worktree-setup.ts";
import type { CommandOutcome, SetupReport } from "@/lib/worktrees/worktree-types.ts";

/** How much of the command's output the report keeps (its end: where errors are). */
const OUTPUT_TAIL_CHARS = 16_000;

/**
 * Sets a new worktree up as the repository asks: copies the listed files from the main worktree
 * (copySetupFiles: regular files only, never through a symbolic link out of either worktree, never
 * over a file the checkout made, a bounded amount), then runs the setup command in it (argv, no shell, with a time limit) only when
 * the repository is trusted. Never throws for what the setup does: every outcome is in the report,
 * and the worktree stays whatever happens.
 */
export async function runWorktreeSetup(input: {
  mainPath: string;
  worktreePath: string;
  setup: WorktreeSetup;
  isTrusted: boolean;
  /** Called with the command line as the setup command starts (it runs only when trusted). */
  onCommandStart?: (command: string) => void;
  /** Each piece of the setup command's output as it is written (the report keeps the end of it too). */
  onOutput?: (text: string) => void;
  /** Aborted when the user stops the setup command ("Stop setup"). */
  signal?: AbortSignal;
  /** What to do after a failed command, said after why it failed (a new worktree's advice unless given). */
  afterFailure?: string;
}): Promise<SetupReport> {
  const copies = await copySetupFiles({
    mainPath: input.mainPath,
    worktreePath: input.worktreePath,
    files: input.setup.copyFiles,
  });
  return { copies, command: await runSetupCommand(input) };
}

async function runSetupCommand(input: {
  worktreePath: string;
  setup: WorktreeSetup;
  isTrusted: boolean;
  onCommandStart?: (command: string) => void;
  onOutput?: (text: string) => void;
  signal?: AbortSignal;
  afterFailure?: string;
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
  input.onCommandStart?.(command);
  try {
    const result = await runProcess({
      // A program given with a folder (`./setup.sh`, `bin/setup`) is the worktree's; a bare name is looked up on PATH.
      bin: program.includes("/") ? path.resolve(input.worktreePath, program) : program,
      args,
      cwd: input.worktreePath,
      // Allow-listed (with ARBOR_PASS_ENV's toolchain variables): nothing that opens Arbor's API or database.
      env: childEnv("setup"),
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
      message: `The setup command ${why}. ${input.afterFailure ?? "The worktree was created and stays; fix the command in the setup, or finish the setup by hand in the worktree."}`,
      output: output ? tail(output.stdout + output.stderr) : "",
    };
  }
}

function tail(text: string): string {
  return text.length <= OUTPUT_TAIL_CHARS ? text : `…${text.slice(-OUTPUT_TAIL_CHARS)}`;
}
