"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button.tsx";

/** The bottom of a wizard step after the first: Back on the left, the step's own action on the right. */
export function WizardFooter({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <div className="flex justify-between border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <Button data-testid="wizard-back" onClick={onBack}>
        Back
      </Button>
      {children}
    </div>
  );
}
