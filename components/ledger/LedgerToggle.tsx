"use client";

import { Button } from "@/components/ui/Button.tsx";

/** Shows or hides the "Decisions & tasks" panel. */
export function LedgerToggle({ isOn, onChange }: { isOn: boolean; onChange: (next: boolean) => void }) {
  return (
    <Button
      data-testid="ledger-toggle"
      aria-pressed={isOn}
      isActive={isOn}
      onClick={() => onChange(!isOn)}
      title="The decisions in force and open tasks every prompt carries: filter, edit, close, reopen, supersede"
    >
      Decisions &amp; tasks
    </Button>
  );
}
