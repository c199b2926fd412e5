/** Fresh, valid inputs for the prompt tests; each test overrides only what it is about. */
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { PromptInput, PromptMessage } from "./types.ts";

export function buildScan(overrides: Partial<WorktreeScan> = {}): WorktreeScan {
  return {
    path: "/repo/worktrees/feat-login",
    isMain: false,
    isBare: false,
    branch: "feat/login",
    isDetached: false,
    head: { sha: "a".repeat(40), shortSha: "aaaaaaa", subject: "Add login form", committedAt: "2025-01-02T10:00:00Z" },
    dirty: { staged: 1, unstaged: 2, untracked: 3, conflicted: 0 },
    upstream: { name: "origin/feat/login", ahead: 1, behind: 0, isGone: false },
    isLocked: false,
    lockReason: null,
    isPrunable: false,
    prunableReason: null,
    isMissing: false,
    operation: null,
    rebasingBranch: null,
    error: null,
    warnings: [],
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<PromptMessage> & { id: number }): PromptMessage {
  return { role: "user", content: `message ${overrides.id}`, createdAt: "2025-01-02T10:00:00Z", ...overrides };
}

export function buildPromptInput(overrides: Partial<PromptInput> = {}): PromptInput {
  return {
    rules: {
      branchNamingRule: "feat/<topic> or fix/<topic>, kebab-case",
      freeTextRules: "Write tests first.\nNo new dependencies.",
    },
    worktree: { path: "/repo/worktrees/feat-login", branch: "feat/login" },
    scan: buildScan(),
    previousScan: null,
    plan: null,
    summary: null,
    recentMessages: [],
    userMessage: "Please add a logout button.",
    ...overrides,
  };
}
