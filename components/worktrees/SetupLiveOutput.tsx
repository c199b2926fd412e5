"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useRealtime } from "@/components/realtime/RealtimeProvider.tsx";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/**
 * A random id for one "Create worktree" request, which the server tags the setup command's live
 * output with (crypto.randomUUID exists only on secure origins; Arbor may be opened over plain http).
 */
export function newSetupId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Follows the repository's live messages while the dialog is open, so setup output arrives. */
export function useRepoFeed(repoId: string): void {
  const realtime = useRealtime();
  useEffect(() => realtime.subscribeRepo(repoId), [realtime, repoId]);
}

/** The setup command's output while it runs: filled by `setup_output` messages (see handle-server-message.ts). */
export function SetupLiveOutput({ setupId, command }: { setupId: string; command: string }) {
  const output = useQuery({
    queryKey: queryKeys.setupOutput(setupId),
    queryFn: () => "",
    initialData: "",
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const end = useRef<HTMLPreElement>(null);
  useEffect(() => {
    const element = end.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [output.data]);
  return (
    <section className="space-y-1" data-testid="setup-live">
      <h3 className="font-medium">
        Running the setup command
        <code className="mt-0.5 block break-all font-mono font-normal">{command}</code>
      </h3>
      <pre
        ref={end}
        aria-live="polite"
        aria-label="Setup command output"
        tabIndex={0}
        data-testid="setup-live-output"
        className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded border border-zinc-200 bg-zinc-50 p-2 font-mono text-[11px] text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
      >
        {output.data || "Waiting for output…"}
      </pre>
    </section>
  );
}
