"use client";

import { useState } from "react";
import { useRunnerOffer, useSetRunnerOffer } from "@/components/api/runner-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextInput } from "@/components/ui/FormFields.tsx";

/** Offers this clone to the team's plans (a runner), `slots` agents at once, or takes the offer back. */
export function RunnerOffer({ repoId }: { repoId: string }) {
  const offer = useRunnerOffer(repoId);
  const save = useSetRunnerOffer(repoId);
  const [slots, setSlots] = useState("2");
  if (offer.data === undefined) return null;
  return (
    <div className="mt-4 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800" data-testid="repo-runner">
      <p className="font-medium">Runner for the team&apos;s plans</p>
      <p className="mt-1 text-xs text-zinc-500">
        Other Arbors of this database run their plans&apos; nodes here, on this clone, with its trust and your
        permission rules; the work goes back through origin.
      </p>
      {offer.data ? (
        <p className="mt-2 flex flex-wrap items-center gap-2" data-testid="repo-runner-offered">
          <span className="min-w-0 break-all">
            Offered: {offer.data.slots === 1 ? "1 agent" : `${offer.data.slots} agents`} at once, for clones of{" "}
            <span className="font-mono">{offer.data.remoteUrl}</span>
          </span>
          <Button size="sm" disabled={save.isPending} onClick={() => save.mutate(null)}>
            Stop offering
          </Button>
        </p>
      ) : (
        <form
          className="mt-2 flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            // A typo goes as typed: the server says what slots may be.
            save.mutate(/^\d+$/.test(slots.trim()) ? Number(slots) : slots);
          }}
        >
          <label className="flex items-center gap-2">
            Agents at once
            <TextInput
              size="sm"
              inputMode="numeric"
              className="w-16"
              value={slots}
              onChange={(event) => setSlots(event.target.value)}
              data-testid="repo-runner-slots"
            />
          </label>
          <Button size="sm" type="submit" disabled={save.isPending} data-testid="repo-runner-offer">
            Offer to the team
          </Button>
        </form>
      )}
      {save.error ? <ErrorNotice error={save.error} /> : null}
    </div>
  );
}
