"use client";

import { useSettings } from "@/components/api/settings-api.ts";
import type { LiveRun } from "@/components/realtime/live-run-types.ts";
import { useNow } from "@/components/ui/use-now.ts";
import { describeRunPulse } from "./run-pulse.ts";

const DEFAULT_SILENCE_SECONDS = 120;

/**
 * Under a running answer: elapsed time and what it did last, ticking every second; after a long
 * silence, a note that the user may Stop or keep waiting (the Stop button is right below).
 */
export function RunPulseLine(props: { run: LiveRun }) {
  const settings = useSettings();
  const silenceMs = (settings.data?.settings.silenceWarningSeconds ?? DEFAULT_SILENCE_SECONDS) * 1000;
  const now = useNow();
  const pulse = describeRunPulse({ run: props.run, now, silenceMs });
  return (
    <div className="mt-1 text-xs text-zinc-500">
      <p data-testid="run-pulse">{pulse.line}</p>
      {pulse.silentFor ? (
        <p data-testid="run-silence" className="text-amber-700 dark:text-amber-400">
          No output for {pulse.silentFor}: press Stop, or keep waiting.
        </p>
      ) : null}
    </div>
  );
}
