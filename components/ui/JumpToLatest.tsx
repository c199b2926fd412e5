"use client";

import { Button } from "./Button.tsx";

/**
 * Floats in the bottom right corner of a list the reader scrolled up in (clear of the buttons rows
 * and cards start with): back to the newest row, which it then follows again.
 */
export function JumpToLatest({ onJump, label, testId }: { onJump: () => void; label: string; testId: string }) {
  return (
    <div className="pointer-events-none absolute bottom-3 right-5 flex">
      <Button
        size="sm"
        data-testid={testId}
        onClick={onJump}
        className="pointer-events-auto rounded-full bg-white shadow-md dark:bg-zinc-900"
      >
        ↓ {label}
      </Button>
    </div>
  );
}
