import { shellWord } from "@/lib/worktrees/shell-word.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { redactCredentialsInText } from "@/lib/git/safety/redact-url.ts";

/** What git adds after ssh or the transport failed: it says nothing the lines before it did not. */
const GIT_BOILERPLATE =
  /^(fatal: )?Could not read from remote repository\.?$|^Please make sure you have the correct access rights$|^and the repository exists\.?$/i;

/** The remote did not take the credentials (https), or git had none and could not ask (no terminal). */
const HTTP_AUTH_FAILURE =
  /Authentication failed|could not read (Username|Password)|terminal prompts disabled|Invalid username or (password|token)|Permission to \S+ denied|returned error: 40[13]\b/i;

/**
 * What to tell the user when `git push` failed, from git's output: a non-fast-forward names the
 * command that brings the remote's commits in; a refusal by the remote (a protected branch, a
 * pre-receive hook) shows the remote's own words; credentials refused or missing over https say how
 * to log in; an unreachable remote keeps ssh's own reason (the lines it prints before git's
 * "Could not read from remote repository.") and says to check the URL. Any URL git quotes is
 * shown without its credentials. Pure.
 */
export function explainPushFailure(input: {
  remote: string;
  branch: string;
  /** The branch on the remote the push was to update (default: the same name). */
  remoteBranch?: string;
  stderr: string;
  stdout?: string;
}): AppError {
  const { remote, branch } = input;
  const remoteBranch = input.remoteBranch ?? branch;
  const text = redactCredentialsInText(`${input.stdout ?? ""}\n${input.stderr}`);
  const remoteLines = text
    .split("\n")
    .filter((line) => line.startsWith("remote:"))
    .map((line) => line.slice("remote:".length).trim())
    .filter((line) => line !== "");
  if (/\[rejected\]|\(non-fast-forward\)|\(fetch first\)|Updates were rejected/.test(text))
    return new AppError(
      "conflict",
      `The push was rejected: ${remote}/${remoteBranch} has commits ${branch} does not have (not a fast-forward). Bring them in first with \`git pull --rebase ${shellWord(remote)} ${shellWord(remoteBranch)}\` in the worktree, resolve any conflict, then push again.`,
      { details: { reason: "non_fast_forward" } },
    );
  if (/\[remote rejected\]|pre-receive hook declined|protected branch/i.test(text)) {
    const said = remoteLines.length > 0 ? remoteLines.join(" ") : firstMeaningfulLine(text);
    return new AppError(
      "forbidden",
      `${remote} refused the push of ${branch}: ${said} — the remote protects this branch or runs checks; ask its owner, or push another branch name.`,
      { details: { reason: "remote_rejected", remoteMessage: said } },
    );
  }
  if (HTTP_AUTH_FAILURE.test(text)) {
    const said = describeReason(text);
    return new AppError(
      "forbidden",
      `${remote} did not accept the push of ${branch} without valid credentials: ${sentence(said)} Log in with your git credential helper in a terminal on the Arbor server (for GitHub: \`gh auth login\`, then \`gh auth setup-git\`), and check that your token has push rights (write access) to this repository, then push again. Arbor cannot ask for a password.`,
      { details: { reason: "authentication", gitMessage: said } },
    );
  }
  if (
    /does not appear to be a git repository|Could not read from remote|Repository not found|not found|unable to access|Could not resolve host|Connection refused|No such file or directory/i.test(
      text,
    )
  ) {
    const said = describeReason(text);
    const sshKeyAdvice = /Permission denied \(publickey/i.test(text)
      ? " ssh refused your key: check that it is loaded (`ssh-add -l`) and added to your account on the remote."
      : "";
    return new AppError(
      "unavailable",
      `The remote ${remote} cannot be reached: ${sentence(said)}${sshKeyAdvice} Check its URL (\`git remote -v\`) and your access, then push again.`,
      { details: { reason: "unreachable", gitMessage: said } },
    );
  }
  return new AppError("git_failed", `git push to ${remote} failed: ${firstMeaningfulLine(text)}`, {
    details: { reason: "other", gitMessage: firstMeaningfulLine(text) },
  });
}

/**
 * Why the transport failed, in the words of whoever said it: the lines ssh (or a credential helper)
 * printed before git's own (at most three), then git's most specific `fatal:` line, git's closing
 * boilerplate left out; joined with "; ".
 */
function describeReason(text: string): string {
  const lines = meaningfulLines(text).filter((line) => !GIT_BOILERPLATE.test(line));
  const isGits = (line: string) => /^(fatal|error):/.test(line);
  const firstGit = lines.findIndex(isGits);
  const before = (firstGit < 0 ? lines : lines.slice(0, firstGit)).filter((line) => !line.startsWith("remote:"));
  const fatal = lines.find(isGits)?.replace(/^(fatal|error): /, "");
  const said = [...before.slice(0, 3), ...(fatal ? [fatal] : [])].map((line) => line.replace(/\.+$/, ""));
  return said.length > 0 ? said.join("; ") : "Could not read from remote repository";
}

/** The lines that say something: no hints, no porcelain ref lines or "To <url>", no "Done". */
function meaningfulLines(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !/^[!=*+ -]\t/.test(line))
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("hint:") && line !== "Done" && !line.startsWith("To "));
}

function firstMeaningfulLine(text: string): string {
  const lines = meaningfulLines(text);
  const fatal = lines.find((line) => line.startsWith("fatal:") || line.startsWith("error:"));
  return (fatal ?? lines[0] ?? "git gave no reason").replace(/^(fatal|error): /, "");
}

/** A reason as a sentence: one final period, never two ("…repository.." was what users saw). */
function sentence(text: string): string {
  return `${text.replace(/[.\s]+$/, "")}.`;
}
