/**
 * What a repository would run, as Arbor shows it before the user trusts the repository (pure
 * types, shared with the browser).
 */

/** trusted: the stored digest equals the current one; changed: it differs (ask again); untrusted: never trusted. */
export type TrustStatus = "trusted" | "changed" | "untrusted";

/** What a finding is about; the UI groups and orders by source, then kind. */
export type FindingKind =
  | "hook"
  | "env"
  | "helper"
  | "plugin"
  | "permission"
  | "mcp"
  | "skill"
  | "git-config"
  | "git-hook"
  | "link"
  | "unreadable"
  | "other";

/** One thing the repository would run, redirect or grant, in plain language. */
export interface Finding {
  /** Stable for the same content: a finding whose id was not in the trusted inspection is new. */
  id: string;
  kind: FindingKind;
  /** Where it comes from: `.claude/settings.json`, `.mcp.json`, `git config`, `.git/hooks`, a skill's file… */
  source: string;
  /** Short label: "Stop hook", "ANTHROPIC_BASE_URL", "filter.lfs.clean". */
  title: string;
  /** What happens, for someone who has not read Claude Code's or git's documentation. */
  risk: string;
  /** The command, URL, value or file text exactly as written (clipped for display, never for the digest). */
  detail: string;
  /** Redirects prompts or credentials, or runs a program without being asked: shown first and marked. */
  isSevere: boolean;
  /** The worktrees it was found in (one worktree for branch-specific files; all of them for shared git config). */
  worktrees: string[];
}

/** Everything shown for one repository, and what the digest covers. */
export interface Inspection {
  rootPath: string;
  inspectedAt: string;
  /** Worktrees whose files were read. */
  worktrees: string[];
  findings: Finding[];
}

/** GET /api/repos/[repoId]/trust, and the `trust` of a pin response. */
export interface TrustView {
  repoId: string;
  status: TrustStatus;
  /** sha256 over what `inspection` shows; POST it back to trust exactly this. */
  digest: string;
  inspection: Inspection;
  trustedAt: string | null;
  /** When `changed`: findings that were not in the inspection the user trusted. */
  newFindingIds: string[];
}
