import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { getProcessHost } from "@/lib/process-host/current-process-host.ts";
import { buildGitSafetyOptions, needsFilterNames, withSubcommandSafetyFlags } from "./git-safety.ts";
import { readRepositoryFilterNames } from "./local-git-config.ts";

/**
 * Runs `git --no-optional-locks <safety options> -C <cwd> <args...>` and returns stdout.
 *
 * git runs through simple-git in the process host (see lib/process-host), never on the server's
 * event loop. Security: no shell is involved and `cwd` is only ever the value of `-C`, so user text
 * is never read as an option. The repository's config cannot make the command run its code (see
 * git-safety.ts: fsmonitor, hooks, filter drivers, gpg, external diff and textconv are switched
 * off), unless `allowRepositoryCode` is set for an operation that runs hooks and filters on purpose
 * in a repository the user trusted. `--no-optional-locks` (the flag form of GIT_OPTIONAL_LOCKS=0)
 * keeps `git status` from taking the index lock while the user's own git commands run. It is a flag
 * rather than an env override because simple-git rejects any env containing EDITOR, PAGER and
 * similar variables that users commonly have set. PATH is read at spawn time.
 *
 * Throws AppError('unavailable') when git is not installed, AppError('git_failed') otherwise,
 * with git's own message in `details.gitMessage`.
 */
export async function runGit({
  cwd,
  args,
  allowRepositoryCode = false,
}: {
  cwd: string;
  args: string[];
  allowRepositoryCode?: boolean;
}): Promise<string> {
  try {
    const filterNames = !allowRepositoryCode && needsFilterNames(args) ? await readRepositoryFilterNames(cwd) : [];
    const options = buildGitSafetyOptions({ filterNames, allowRepositoryCode });
    return await getProcessHost().git([
      "--no-optional-locks",
      ...options,
      "-C",
      cwd,
      ...withSubcommandSafetyFlags(args),
    ]);
  } catch (error) {
    throw toGitError({ error, cwd, args });
  }
}

/** Git's own first line of complaint from an error thrown by runGit (or any error). */
export function readGitMessage(error: unknown): string {
  if (isAppError(error) && typeof error.details?.gitMessage === "string") return error.details.gitMessage;
  const text = error instanceof Error ? error.message : String(error);
  return firstLine(text);
}

function toGitError({ error, cwd, args }: { error: unknown; cwd: string; args: string[] }): AppError {
  const text = error instanceof Error ? error.message : String(error);
  if (/spawn \S+ ENOENT/.test(text)) {
    return new AppError(
      "unavailable",
      "Git is not installed or not on the PATH of the Arbor server. Install git (https://git-scm.com/downloads), check that `git --version` works in the shell that starts Arbor, then restart Arbor.",
      { cause: error },
    );
  }
  const gitMessage = firstLine(text);
  return new AppError(
    "git_failed",
    `git ${args[0] ?? ""} failed in ${cwd}: ${gitMessage} — fix what git reports, then try again.`,
    {
      details: { gitMessage },
      cause: error,
    },
  );
}

function firstLine(text: string): string {
  const line = text.split("\n").find((candidate) => candidate.trim() !== "");
  return (line ?? text).trim();
}
