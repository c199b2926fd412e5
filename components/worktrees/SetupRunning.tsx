"use client";

import { useQuery } from "@tanstack/react-query";
import { useStopSetup } from "@/components/api/worktrees-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { SetupLiveOutput, useRepoFeed } from "./SetupLiveOutput.tsx";

/**
 * A new worktree's setup command while it runs: its output live and "Stop setup", which stops the
 * command only (the worktree git made stays, and the report says what ran).
 */
export function SetupRunning({ setupId, command }: { setupId: string; command: string }) {
  const stopSetup = useStopSetup();
  return (
    <>
      <SetupLiveOutput setupId={setupId} command={command} />
      <div className="flex items-center justify-end gap-2">
        {stopSetup.error ? <ErrorNotice error={stopSetup.error} testId="setup-stop-error" /> : null}
        <Button
          type="button"
          variant="danger"
          size="sm"
          disabled={stopSetup.isPending || stopSetup.isSuccess}
          onClick={() => stopSetup.mutate(setupId)}
          data-testid="setup-stop"
        >
          {stopSetup.isPending || stopSetup.isSuccess ? "Stopping…" : "Stop setup"}
        </Button>
      </div>
    </>
  );
}

/**
 * SetupRunning for a request that does not know whether a command will run (a design node's
 * "Create branch and worktree"): shown once the server says the command started (`setup_started`).
 */
export function SetupRunningOnceStarted({ repoId, setupId }: { repoId: string; setupId: string }) {
  useRepoFeed(repoId);
  const started = useQuery({
    queryKey: queryKeys.setupStarted(setupId),
    queryFn: () => null as string | null,
    initialData: null,
    staleTime: Infinity,
    gcTime: 60_000,
  });
  return started.data === null ? null : <SetupRunning setupId={setupId} command={started.data} />;
}
