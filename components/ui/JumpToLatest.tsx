"use client";

import { Button } from "./Button.tsx";

/** Floats over the bottom of a list the reader scrolled up in: back to the newest row, which it then follows again. */
export function JumpToLatest({ onJump, label, testId }: { onJump: () => void; label: string; testId: string }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
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
