"use client";

import { useState } from "react";
import { downloadExport } from "@/components/api/memory-api.ts";
import { Button } from "@/components/ui/Button.tsx";

/** Downloads the conversation as Markdown; a failure is said on the button's title and in an alert. */
export function ExportButton({ sessionId }: { sessionId: string }) {
  const [state, setState] = useState<{ isBusy: boolean; error: string | null }>({ isBusy: false, error: null });
  const run = () => {
    setState({ isBusy: true, error: null });
    downloadExport(sessionId).then(
      () => setState({ isBusy: false, error: null }),
      (error: unknown) => setState({ isBusy: false, error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <>
      <Button
        data-testid="export-link"
        disabled={state.isBusy}
        onClick={run}
        title="Download this conversation (archived messages and the summary included) as Markdown"
      >
        Export
      </Button>
      {state.error ? (
        <span role="alert" data-testid="export-error" className="text-xs text-red-700 dark:text-red-300">
          {state.error}
        </span>
      ) : null}
    </>
  );
}
