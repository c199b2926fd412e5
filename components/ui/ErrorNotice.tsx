"use client";

import { TextWithCode } from "./TextWithCode.tsx";

/** An inline error: what went wrong and, in the message itself, what to do next. */
export function ErrorNotice({ error, testId }: { error: unknown; testId?: string }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p
      role="alert"
      data-testid={testId ?? "error-notice"}
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <TextWithCode text={message} />
    </p>
  );
}
