"use client";

import { Button } from "@/components/ui/Button.tsx";

/** Shows or hides the worktree's Changes tab beside the chat. */
export function ChangesToggle({ isOn, onChange }: { isOn: boolean; onChange: (next: boolean) => void }) {
  return (
    <Button
      data-testid="changes-toggle"
      aria-pressed={isOn}
      isActive={isOn}
      onClick={() => onChange(!isOn)}
      title="What changed in this worktree: uncommitted files, the branch's commits, diffs, review and commit"
    >
      Changes
    </Button>
  );
}
