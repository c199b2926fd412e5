import type { SetupReport } from "@/lib/worktrees/worktree-types.ts";

/** What of a new worktree's setup needs the user, one sentence each: refused copies, a command that failed or did not run. */
export function setupProblems(setup: SetupReport): string[] {
  const problems = setup.copies
    .filter((copy) => copy.status === "refused")
    .map((copy) => `${copy.path} was not copied${copy.reason ? `: ${copy.reason}` : "."}`);
  const { command } = setup;
  if (command && command.status !== "succeeded")
    problems.push(command.message ?? `The setup command ${command.status === "failed" ? "failed" : "did not run"}.`);
  return problems;
}
