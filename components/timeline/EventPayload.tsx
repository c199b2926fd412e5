"use client";

import { useHookEventPayload } from "@/components/api/hooks-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

/** The whole payload Claude Code sent with one hook event, fetched when its row is expanded. */
export function EventPayload({ eventId }: { eventId: number }) {
  const full = useHookEventPayload(eventId, true);
  if (full.error) return <ErrorNotice error={full.error} testId="timeline-payload-error" />;
  if (!full.data) return <p className="px-2 py-1 text-[11px] text-zinc-500">Loading payload…</p>;
  return (
    <div className="mt-1">
      {full.data.isTruncated ? (
        <p className="mb-1 text-[11px] text-amber-700 dark:text-amber-400">
          Stored shortened: the payload was {full.data.payloadBytes.toLocaleString("en")} bytes, over the size limit in
          Settings.
        </p>
      ) : null}
      <pre
        data-testid="timeline-payload"
        className="max-h-80 overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-100 p-2 font-mono text-[11px] dark:bg-zinc-950"
      >
        {JSON.stringify(full.data.payload, null, 2)}
      </pre>
    </div>
  );
}
