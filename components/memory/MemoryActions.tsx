"use client";

import { useState } from "react";
import type { SessionView } from "@/lib/realtime/chat-views.ts";
import { useArchiveSession, useLighten, useSummarize } from "@/components/api/memory-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ArchiveConfirm } from "./ArchiveConfirm.tsx";
import { LightenForm } from "./LightenForm.tsx";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";

/**
 * Summarize, Lighten and Archive for the open conversation. The buttons sit in the header;
 * the step that asks (keep how many? archive?) and the outcome show in a strip underneath.
 */
export function MemoryActions(props: {
  session: SessionView;
  onSummarized: () => void;
  onArchived: (sessionId: string) => void;
}) {
  const [step, setStep] = useState<"none" | "lighten" | "archive">("none");
  const summarize = useSummarize(props.session.id);
  const lighten = useLighten(props.session.id);
  const archive = useArchiveSession(props.session);
  const error = summarize.error ?? lighten.error ?? archive.error;

  const runSummarize = () => {
    lighten.reset();
    summarize.mutate(undefined, { onSuccess: props.onSummarized });
  };
  const runLighten = (keepLastN: number) => lighten.mutate(keepLastN, { onSuccess: () => setStep("none") });
  const runArchive = () => archive.mutate(undefined, { onSuccess: () => props.onArchived(props.session.id) });
  const toggle = (next: "lighten" | "archive") => {
    summarize.reset();
    lighten.reset();
    archive.reset();
    setStep((current) => (current === next ? "none" : next));
  };

  return (
    <>
      <div className="flex shrink-0 items-center gap-1.5">
        <Button data-testid="summarize-button" disabled={summarize.isPending} onClick={runSummarize}>
          {summarize.isPending ? "Summarizing…" : "Summarize"}
        </Button>
        <Button data-testid="lighten-button" aria-expanded={step === "lighten"} onClick={() => toggle("lighten")}>
          Lighten
        </Button>
        <Button data-testid="archive-button" aria-expanded={step === "archive"} onClick={() => toggle("archive")}>
          Archive
        </Button>
      </div>
      <div className="basis-full space-y-1 empty:hidden">
        {summarize.isPending ? (
          <p data-testid="summarize-progress" className="animate-pulse text-xs text-zinc-500">
            Claude is summarizing the new messages with the small model…
          </p>
        ) : null}
        {step === "lighten" ? (
          <LightenForm isPending={lighten.isPending} onConfirm={runLighten} onCancel={() => setStep("none")} />
        ) : null}
        {step === "archive" ? (
          <ArchiveConfirm isPending={archive.isPending} onConfirm={runArchive} onCancel={() => setStep("none")} />
        ) : null}
        {lighten.data ? (
          <p data-testid="lighten-result" className="text-xs text-zinc-600 dark:text-zinc-400">
            Archived {lighten.data.archivedCount} {lighten.data.archivedCount === 1 ? "message" : "messages"}
            {lighten.data.archivedCount > 0
              ? "; “Show older messages” still shows them."
              : ": nothing older is covered by the summary."}
          </p>
        ) : null}
        {error ? (
          <p role="alert" data-testid="memory-error" className="text-xs text-red-700 dark:text-red-400">
            <TextWithCode text={error.message} />
          </p>
        ) : null}
      </div>
    </>
  );
}
