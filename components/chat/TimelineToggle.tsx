"use client";

import { Button } from "@/components/ui/Button.tsx";

/** Shows or hides the hook timeline beside the chat. */
export function TimelineToggle({ isOn, onChange }: { isOn: boolean; onChange: (next: boolean) => void }) {
  return (
    <Button
      data-testid="timeline-toggle"
      aria-pressed={isOn}
      isActive={isOn}
      onClick={() => onChange(!isOn)}
      title="Claude Code hook events of this worktree (Arbor runs and terminal sessions), beside the chat"
    >
      Timeline
    </Button>
  );
}
