import type { WorktreeMode } from "@/lib/approvals/worktree-mode.ts";

/** How each permission mode is named and explained in the chat header and on plan cards. */
export const MODE_LOOK: Record<WorktreeMode, { label: string; description: string }> = {
  default: { label: "Ask", description: "Claude asks before each command or edit that is not allowed yet." },
  acceptEdits: { label: "Accept edits", description: "File edits in the worktree go ahead; commands still ask." },
  plan: { label: "Plan", description: "Claude only reads and plans, then shows you the plan to approve." },
  bypassPermissions: {
    label: "Bypass",
    description: "Every tool runs without asking: commands, edits, network. Only for a repository you trust.",
  },
};
