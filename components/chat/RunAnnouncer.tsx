"use client";

import { useSessionLive } from "@/components/realtime/use-session-live.ts";
import { announceRun, latestRun } from "./announce-run.ts";

/** A polite live region: screen readers hear where the latest run stands as it changes. */
export function RunAnnouncer(props: { sessionId: string }) {
  const live = useSessionLive(props.sessionId);
  return (
    <p role="status" aria-live="polite" className="sr-only" data-testid="run-announcer">
      {announceRun(latestRun(live))}
    </p>
  );
}
