// The permission modes a worktree offers (a pure module: components import it).
import type { PermissionMode } from "@/lib/agent/claude-args.ts";

/** The modes a worktree's chat offers: Ask, Accept edits, Plan, and Bypass (trusted repositories only). */
export const WORKTREE_MODES = [
  "default",
  "acceptEdits",
  "plan",
  "bypassPermissions",
] as const satisfies readonly PermissionMode[];
export type WorktreeMode = (typeof WORKTREE_MODES)[number];
