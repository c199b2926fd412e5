"use client";

import { useState } from "react";
import type { TrustStatus } from "@/lib/trust/trust-types.ts";
import { useRepoTrust } from "@/components/api/trust-api.ts";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { TrustDialog } from "./TrustDialog.tsx";

const LOOK: Record<TrustStatus, { tone: BadgeTone; label: string }> = {
  trusted: { tone: "emerald", label: "trusted" },
  changed: { tone: "amber", label: "changed: not trusted" },
  untrusted: { tone: "amber", label: "not trusted" },
};

/** The repository's trust state beside its worktree list; clicking it opens the trust step. */
export function TrustStateButton(props: { repoId: string; repoName: string }) {
  const trust = useRepoTrust(props.repoId);
  const [isOpen, setOpen] = useState(false);
  const status = trust.data?.status;
  if (trust.error) {
    return (
      <Badge tone="red" data-testid="trust-state" data-status="unknown" title={trust.error.message}>
        trust unknown
      </Badge>
    );
  }
  return (
    <>
      <Button
        variant="bare"
        data-testid="trust-state"
        data-status={status ?? "loading"}
        title="What this repository would run, and whether you trust it"
        onClick={() => setOpen(true)}
        disabled={!status}
        className="rounded"
      >
        <Badge tone={status ? LOOK[status].tone : "muted"}>{status ? LOOK[status].label : "checking…"}</Badge>
      </Button>
      {isOpen ? <TrustDialog repoId={props.repoId} repoName={props.repoName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
