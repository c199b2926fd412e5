import { AppError } from "@/lib/errors/app-error.ts";
import { buildGitSafetyEnv } from "./git-safety.ts";
import { readRepositoryConfigNames } from "./local-git-config.ts";

/**
 * The environment that keeps every git Claude runs in `worktreePath` (its own `git status` at
 * start, the model's commands, their children) from running a program the repository's config
 * names, in a repository the user has not trusted. Throws AppError('precondition_failed') naming
 * the settings when one cannot be switched off: Claude does not start rather than run it.
 */
export async function buildClaudeGitEnv(input: {
  worktreePath: string;
  inherited: Record<string, string | undefined>;
}): Promise<Record<string, string>> {
  const { overrides, refused } = await readRepositoryConfigNames(input.worktreePath);
  if (refused.length > 0) throw refuseClaude(refused);
  return buildGitSafetyEnv({ overrides, inherited: input.inherited });
}

/** The refusal for settings that name a program no override can take back (see program-settings.ts). */
export function refuseClaude(settings: readonly string[]): AppError {
  const isOne = settings.length === 1;
  const names = settings.join(", ");
  return new AppError(
    "precondition_failed",
    `Claude was not started: the repository's git config sets ${names}, ${isOne ? "a program" : "programs"} git would run that Arbor cannot switch off in a repository you have not trusted. ` +
      `Trust the repository to let Claude run ${isOne ? "it" : "them"}, or remove the ${isOne ? "setting" : "settings"} (${settings.map((key) => `git config --unset-all ${key}`).join("; ")}), then send again.`,
    { details: { reason: "untrusted_git_program", settings: [...settings] } },
  );
}
