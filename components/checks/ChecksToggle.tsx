"use client";

import { Button } from "@/components/ui/Button.tsx";

/** Shows or hides the worktree's Checks panel beside the chat. */
export function ChecksToggle({ isOn, onChange }: { isOn: boolean; onChange: (next: boolean) => void }) {
  return (
    <Button
      data-testid="checks-toggle"
      aria-pressed={isOn}
      isActive={isOn}
      onClick={() => onChange(!isOn)}
      title="The repository's checks (tests, lint…) on this worktree's files: results, output, run again, fix"
    >
      Checks
    </Button>
  );
}
