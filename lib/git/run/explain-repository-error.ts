import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { readGitMessage } from "./run-git.ts";

/**
 * Turns a git failure while opening `path` as a repository into the error a user can act on:
 * "not a git repository" and "dubious ownership" become invalid_input with the next step;
 * anything else (including git being unavailable) is returned unchanged.
 */
export function explainRepositoryError({ error, path }: { error: unknown; path: string }): unknown {
  if (!isAppError(error) || error.code !== "git_failed") return error;
  const gitMessage = readGitMessage(error);
  if (/not a git repository/i.test(gitMessage)) {
    return new AppError(
      "invalid_input",
      `${path} is not inside a git repository. Pick a folder that belongs to a git checkout, or run \`git init\` there first.`,
      { details: { gitMessage }, cause: error },
    );
  }
  if (/dubious ownership/i.test(gitMessage)) {
    return new AppError(
      "invalid_input",
      `Git refuses to open ${path} because the folder belongs to another user. If you trust it, run \`git config --global --add safe.directory ${path}\`, then try again.`,
      { details: { gitMessage }, cause: error },
    );
  }
  return error;
}
