import type { CiCheck, CiCheckState, PullRequestCi, ReviewState } from "@/lib/worktrees/ship-types.ts";

/** The order the list shows: what needs the user first. */
const ORDER: readonly CiCheckState[] = ["failed", "running", "unknown", "cancelled", "passed", "skipped"];

/** A check run's conclusion once COMPLETED (GitHub's CheckConclusionState). */
const CONCLUSIONS: Record<string, CiCheckState> = {
  SUCCESS: "passed",
  NEUTRAL: "passed",
  FAILURE: "failed",
  TIMED_OUT: "failed",
  STARTUP_FAILURE: "failed",
  ACTION_REQUIRED: "failed",
  CANCELLED: "cancelled",
  SKIPPED: "skipped",
  STALE: "skipped",
};

/** A commit status's state (GitHub's StatusState). */
const STATUS_STATES: Record<string, CiCheckState> = {
  SUCCESS: "passed",
  FAILURE: "failed",
  ERROR: "failed",
  PENDING: "running",
  EXPECTED: "running",
};

const REVIEWS: Record<string, ReviewState> = {
  APPROVED: "approved",
  CHANGES_REQUESTED: "changes_requested",
  REVIEW_REQUIRED: "review_required",
};

/**
 * A pull request's CI from `gh pr view --json statusCheckRollup,reviewDecision`: each entry a
 * CheckRun (name, workflowName, status, conclusion, detailsUrl) or a StatusContext (context,
 * state, targetUrl). An entry gh describes oddly becomes an "unknown" check and is named in
 * `problem`; nothing here throws. Failed checks first. Pure.
 */
export function parsePullRequestCi(fields: Record<string, unknown>): PullRequestCi {
  const problems: string[] = [];
  const review = parseReviewDecision(fields.reviewDecision, problems);
  const rollup = fields.statusCheckRollup;
  let checks: CiCheck[] = [];
  if (Array.isArray(rollup)) checks = rollup.map((entry, index) => parseCheck(entry, index, problems));
  else if (rollup !== undefined && rollup !== null)
    problems.push(`"statusCheckRollup" is not a list: ${JSON.stringify(rollup).slice(0, 120)}`);
  checks.sort((a, b) => ORDER.indexOf(a.state) - ORDER.indexOf(b.state));
  return { checks, review, problem: problems.length > 0 ? problems.join("; ") : null };
}

function parseReviewDecision(value: unknown, problems: string[]): ReviewState {
  if (value === undefined || value === null || value === "") return "none";
  if (typeof value === "string" && REVIEWS[value]) return REVIEWS[value];
  problems.push(`"reviewDecision" is not one Arbor knows: ${JSON.stringify(value).slice(0, 80)}`);
  return "unknown";
}

function parseCheck(entry: unknown, index: number, problems: string[]): CiCheck {
  const fields = typeof entry === "object" && entry !== null && !Array.isArray(entry) ? entry : {};
  const text = (name: string) => {
    const value = (fields as Record<string, unknown>)[name];
    return typeof value === "string" && value !== "" ? value : null;
  };
  const isStatus = text("__typename") === "StatusContext" || (text("context") !== null && text("name") === null);
  const name = (isStatus ? text("context") : text("name")) ?? `check ${index + 1}`;
  const state = isStatus ? readStatusState(text("state")) : readCheckRunState(text("status"), text("conclusion"));
  if (state === "unknown")
    problems.push(`check "${name}" has no state Arbor knows (${JSON.stringify(entry)?.slice(0, 160) ?? "missing"})`);
  const rawUrl = isStatus ? text("targetUrl") : text("detailsUrl");
  const url = rawUrl && /^https?:\/\//i.test(rawUrl) ? rawUrl : null;
  return { name, workflow: isStatus ? null : text("workflowName"), state, url, ...findActionsIds(url) };
}

function readStatusState(state: string | null): CiCheckState {
  return (state && STATUS_STATES[state]) || "unknown";
}

function readCheckRunState(status: string | null, conclusion: string | null): CiCheckState {
  if (status === "COMPLETED") return (conclusion && CONCLUSIONS[conclusion]) || "unknown";
  if (status && ["QUEUED", "IN_PROGRESS", "WAITING", "PENDING", "REQUESTED"].includes(status)) return "running";
  return "unknown";
}

/**
 * The Actions run and job of a check's details URL: `…/actions/runs/<run>/job/<job>` (gh and
 * GitHub today), or `…/runs/<job>` (older links, the check run's id, which is the job's). Pure.
 */
export function findActionsIds(url: string | null): { runId: string | null; jobId: string | null } {
  if (!url || !/^https:\/\/github\.com\//i.test(url)) return { runId: null, jobId: null };
  const path = url.replace(/[?#].*$/, "");
  const modern = /\/actions\/runs\/(\d+)(?:\/jobs?\/(\d+))?/.exec(path);
  if (modern) return { runId: modern[1] ?? null, jobId: modern[2] ?? null };
  const older = /^https:\/\/github\.com\/[^/]+\/[^/]+\/runs\/(\d+)/i.exec(path);
  return { runId: null, jobId: older?.[1] ?? null };
}
