import { redactCredentialsInText } from "@/lib/git/safety/redact-url.ts";
import { parsePullRequestCi } from "./ci/ci-checks.ts";
import type { GhStatus, PullRequestView } from "@/lib/worktrees/ship-types.ts";

/** What to do when gh is not on the server's PATH. */
export const GH_MISSING_MESSAGE =
  "The GitHub CLI (gh) is not installed on the Arbor server. Install the GitHub CLI (https://cli.github.com, Debian/Ubuntu: `apt install gh`, macOS: `brew install gh`), run `gh auth login`, then try again.";

export const GH_LOGGED_OUT_MESSAGE =
  "The GitHub CLI is not logged in. Run `gh auth login` in a terminal on the Arbor server, then try again.";

/** The JSON fields Arbor reads from `gh pr view` (gh ≥ 2.0 has every one). */
export const PR_VIEW_FIELDS = [
  "number",
  "url",
  "state",
  "isDraft",
  "title",
  "baseRefName",
  "headRefName",
  "statusCheckRollup",
  "reviewDecision",
] as const;

/**
 * How `gh auth status` answered: ready (exit 0), logged out (gh's "not logged into any GitHub
 * hosts" / "gh auth login" advice without a failed check), or failing with gh's own stderr.
 */
export function classifyGhAuth(input: { exitCode: number | null; stderr: string }): GhStatus {
  if (input.exitCode === 0) return { state: "ready" };
  const stderr = input.stderr.trim();
  if (/not logged in/i.test(stderr) && !/authentication failed|invalid|error connecting/i.test(stderr))
    return { state: "logged_out", message: GH_LOGGED_OUT_MESSAGE };
  return {
    state: "failing",
    message: `gh auth status failed${stderr ? `: ${stderr}` : ` with status ${input.exitCode}`}`,
  };
}

/** `--repo=OWNER/NAME` when the remote is on github.com (gh then needs no guess among the remotes). */
function repoFlag(repository: { owner: string; name: string } | null): string[] {
  return repository ? [`--repo=${repository.owner}/${repository.name}`] : [];
}

/**
 * `gh pr create` without a shell or a prompt: every value as `--flag=value` (a value starting with
 * "-" stays a value), the body read from a file.
 */
export function buildPrCreateArgs(input: {
  base: string;
  head: string;
  title: string;
  bodyFile: string;
  repository: { owner: string; name: string } | null;
}): string[] {
  return [
    "pr",
    "create",
    ...repoFlag(input.repository),
    `--base=${input.base}`,
    `--head=${input.head}`,
    `--title=${input.title}`,
    `--body-file=${input.bodyFile}`,
  ];
}

/** `gh pr view --json … -- <branch>`: the pull request whose head is the branch. */
export function buildPrViewArgs(input: { head: string; repository: { owner: string; name: string } | null }): string[] {
  return ["pr", "view", ...repoFlag(input.repository), "--json", PR_VIEW_FIELDS.join(","), "--", input.head];
}

/** True when `gh pr view` failed only because the branch has no pull request (or the remote is not on GitHub). */
export function isNoPullRequest(stderr: string): boolean {
  return /no pull requests? found/i.test(stderr) || /point to a known GitHub host/i.test(stderr);
}

/**
 * Reads `gh pr view --json …` output, or says what is wrong with it (not JSON, a field missing or
 * of another type: an old or unusual gh, or something else on PATH named gh). Never throws, so a
 * gh that answers oddly costs the pull request's state, not the whole dialog (odd CI checks
 * cost only themselves: see parsePullRequestCi). The URL must be
 * http(s): it becomes a link. Pure.
 */
export function parsePullRequestView(stdout: string): { view: PullRequestView } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(stdout);
  } catch {
    return { problem: `its answer is not JSON: ${JSON.stringify(redactCredentialsInText(stdout.slice(0, 200)))}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { problem: `its answer is not a JSON object: ${redactCredentialsInText(stdout.slice(0, 200))}` };
  const fields = value as Record<string, unknown>;
  const { number, url, state } = fields;
  if (typeof number !== "number" || !Number.isSafeInteger(number) || number <= 0)
    return { problem: `"number" is not a pull request number: ${JSON.stringify(number) ?? "missing"}` };
  if (typeof url !== "string" || !/^https?:\/\//i.test(url))
    return { problem: `"url" is not a web address: ${JSON.stringify(url) ?? "missing"}` };
  if (state !== "OPEN" && state !== "CLOSED" && state !== "MERGED")
    return { problem: `"state" is not OPEN, CLOSED or MERGED: ${JSON.stringify(state) ?? "missing"}` };
  const wrong = (["isDraft", "title", "baseRefName", "headRefName"] as const).find(
    (name) => fields[name] !== undefined && typeof fields[name] !== (name === "isDraft" ? "boolean" : "string"),
  );
  if (wrong) return { problem: `"${wrong}" has the wrong type: ${JSON.stringify(fields[wrong])}` };
  const text = (name: string) => (typeof fields[name] === "string" ? fields[name] : "");
  return {
    view: {
      number,
      url,
      state,
      isDraft: fields.isDraft === true,
      title: text("title"),
      baseRefName: text("baseRefName"),
      headRefName: text("headRefName"),
      ci: parsePullRequestCi(fields),
    },
  };
}

/** What the dialog says when gh's pull request could not be read (see parsePullRequestView). */
export function describeUnreadableView(problem: string): string {
  return `gh pr view answered something Arbor cannot read (${problem}). Check that \`gh --version\` on the Arbor server is the GitHub CLI, 2.0 or later (update it if not), then reopen this dialog; meanwhile look for the pull request on GitHub.`;
}

/** A commit as the draft lists it. */
export interface DraftCommit {
  shortSha: string;
  subject: string;
}

/**
 * A pull request's title and body from the conversation's rolling summary (its "Key points" and
 * "Decisions" sections) and the commits `base..branch`, newest first as git lists them. The title
 * is the only commit's subject, else the summary's first key point, else the branch name in
 * words. Pure; the user edits both before anything is sent.
 */
export function draftPullRequest(input: {
  branch: string;
  summaryMarkdown: string | null;
  commits: readonly DraftCommit[];
}): { title: string; body: string } {
  const keyPoints = readSection(input.summaryMarkdown, "Key points");
  const decisions = readSection(input.summaryMarkdown, "Decisions");
  const onlyCommit = input.commits.length === 1 ? input.commits[0] : undefined;
  const title = clipTitle(onlyCommit?.subject ?? firstBullet(keyPoints) ?? branchInWords(input.branch));
  const parts: string[] = [];
  if (keyPoints.length > 0) parts.push("## Summary", ...keyPoints, "");
  if (decisions.length > 0) parts.push("## Decisions", ...decisions, "");
  if (input.commits.length > 0)
    parts.push("## Commits", ...[...input.commits].reverse().map((c) => `- ${c.subject} (${c.shortSha})`), "");
  if (parts.length === 0) parts.push(`Changes from the branch \`${input.branch}\`.`, "");
  return { title, body: parts.join("\n").trimEnd() + "\n" };
}

const MESSAGE_LABEL = /\s*\((?:user|assistant) #\d+\)(?=\s*(?:\[L\d+\])?\s*$)/;

/** The bullet lines of a `## <name>` section (placeholders such as "- (none)" left out). */
function readSection(markdown: string | null, name: string): string[] {
  if (!markdown) return [];
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim().toLowerCase() === `## ${name.toLowerCase()}`);
  if (start < 0) return [];
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^##\s/.test(line)) break;
    if (/^\s*[-*]\s+\S/.test(line) && !/^\s*[-*]\s+\(?(none|nothing)\b/i.test(line))
      // "(user #12)": which message a point came from, Arbor's own reference, meaningless on the forge.
      body.push(line.replace(MESSAGE_LABEL, "").trimEnd());
  }
  return body;
}

function firstBullet(lines: readonly string[]): string | undefined {
  const first = lines.find((line) => /^[-*]\s/.test(line));
  return first
    ?.replace(/^[-*]\s+/, "")
    .replace(/\s*\[L\d+\]\s*$/, "")
    .trim();
}

function branchInWords(branch: string): string {
  const last = branch.split("/").pop() ?? branch;
  const words = last.replace(/[-_]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : branch;
}

function clipTitle(title: string): string {
  const oneLine = title.replace(/\s+/g, " ").trim();
  return oneLine.length > 120 ? `${oneLine.slice(0, 119)}…` : oneLine;
}
