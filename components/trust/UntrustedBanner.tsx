"use client";

import { useId, useState } from "react";
import { describeTrustRisk } from "@/lib/trust/summarize-risks.ts";
import { useRepoTrust, useTrustRepo } from "@/components/api/trust-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TrustDialog } from "./TrustDialog.tsx";

/**
 * Above the chat of a repository the user has not trusted (or that changed since): Claude runs
 * here without the project's settings. "Trust this repository" trusts what the banner describes in
 * one click (the same digest the dialog would send; if the repository changed meanwhile, the
 * dialog opens with the new list instead). Nothing is shown for a trusted repository. On a phone it
 * is one line: what it is and the two buttons.
 */
export function UntrustedBanner(props: { repoId: string }) {
  const riskId = useId();
  const trust = useRepoTrust(props.repoId);
  const trustRepo = useTrustRepo();
  const [isReviewing, setReviewing] = useState(false);
  const view = trust.data;
  if (!view || view.status === "trusted") return null;
  return (
    <div
      data-testid="untrusted-banner"
      data-status={view.status}
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="min-w-0 flex-1 sm:basis-72">
          <span className="font-semibold">
            {view.status === "changed" ? "This repository changed since you trusted it." : "Not trusted yet."}
          </span>{" "}
          {/* On a phone the title and the buttons stay on one line; Review says the rest. */}
          <span className="hidden sm:inline">
            Claude runs here without the repository&apos;s own settings: its hooks, env, MCP servers, permission rules,
            CLAUDE.md and skills are off.{" "}
          </span>
          <span id={riskId} className="hidden sm:inline">
            {describeTrustRisk(view.inspection.findings)}
          </span>
        </p>
        <div className="flex shrink-0 gap-2">
          <Button size="md" data-testid="untrusted-review" onClick={() => setReviewing(true)}>
            Review
          </Button>
          <Button
            variant="primary"
            size="md"
            aria-describedby={riskId}
            data-testid="untrusted-trust"
            disabled={trustRepo.isPending}
            onClick={() =>
              trustRepo.mutate({ repoId: props.repoId, digest: view.digest }, { onError: () => setReviewing(true) })
            }
          >
            <span className="sm:hidden">Trust</span>
            <span className="hidden sm:inline">Trust this repository</span>
          </Button>
        </div>
      </div>
      {trustRepo.error && !isReviewing ? <ErrorNotice error={trustRepo.error} /> : null}
      {isReviewing ? <TrustDialog repoId={props.repoId} onClose={() => setReviewing(false)} /> : null}
    </div>
  );
}
