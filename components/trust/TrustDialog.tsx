"use client";

import { useId } from "react";
import { describeTrustRisk } from "@/lib/trust/summarize-risks.ts";
import { useRepoTrust, useRevokeTrust, useTrustRepo } from "@/components/api/trust-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { FindingList } from "./FindingList.tsx";

/**
 * The trust step: everything the repository would run or redirect through Claude Code and git,
 * grouped by file, with the risk in plain words; "Trust this repository" trusts exactly what is
 * shown (its digest), "Not now" or Escape leaves it untrusted. A trusted repository can be
 * un-trusted here.
 */
export function TrustDialog(props: { repoId: string; repoName?: string; onClose: () => void }) {
  const titleId = useId();
  const summaryId = useId();
  const trust = useRepoTrust(props.repoId);
  const trustRepo = useTrustRepo();
  const revoke = useRevokeTrust();
  const view = trust.data;
  const newIds = new Set(view?.newFindingIds ?? []);
  const name = props.repoName ?? view?.inspection.rootPath.split("/").filter(Boolean).at(-1) ?? "this repository";
  const confirm = () => {
    if (!view) return;
    trustRepo.mutate({ repoId: props.repoId, digest: view.digest }, { onSuccess: props.onClose });
  };

  return (
    <Dialog isOpen onCancel={props.onClose} labelledBy={titleId} describedBy={summaryId} testId="trust-dialog">
      <div className="flex max-h-[90vh] flex-col">
        <header className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
          <h2 id={titleId} className="text-base font-semibold">
            {view?.status === "trusted" ? `${name} is trusted` : `Trust ${name}?`}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {view?.status === "trusted"
              ? `You trusted it ${view.trustedAt ? formatRelativeTime(view.trustedAt) : ""}: Claude runs here with the repository's own settings, and “Create branch and worktree” runs its git hooks and filters. Any change to what is listed asks again.`
              : "Until you trust it, Arbor runs Claude here without the repository's own settings (its hooks, env, MCP servers, permission rules, CLAUDE.md and skills are off) and git with its hooks and filters off."}
          </p>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-3">
          {trust.error ? <ErrorNotice error={trust.error} testId="trust-load-error" /> : null}
          {trust.isPending ? <p className="text-sm text-zinc-500">Reading what this repository would run…</p> : null}
          {view ? (
            <>
              {view.status === "changed" ? (
                <p
                  className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
                  data-testid="trust-changed"
                >
                  This repository changed since you trusted it
                  {view.trustedAt ? ` ${formatRelativeTime(view.trustedAt)}` : ""}: it is not trusted until you confirm
                  again. New items are marked.
                </p>
              ) : null}
              <p id={summaryId} className="mb-3 text-sm font-medium" data-testid="trust-summary">
                {describeTrustRisk(view.inspection.findings, { isTrusted: view.status === "trusted" })}
              </p>
              {view.inspection.findings.length === 0 ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="trust-nothing">
                  Nothing to run was found: no hooks, env, MCP servers, helper commands, git programs or git hooks, in
                  any of its {view.inspection.worktrees.length} worktrees. You still decide whether Claude may load its
                  settings.
                </p>
              ) : (
                <FindingList
                  findings={view.inspection.findings}
                  newIds={newIds}
                  worktreeCount={view.inspection.worktrees.length}
                />
              )}
              <p className="mt-3 text-[11px] text-zinc-500">
                Read from {view.inspection.worktrees.length} worktree(s) of {view.inspection.rootPath}. Arbor&apos;s own
                hooks are not listed. Any change to these files asks again.
              </p>
            </>
          ) : null}
        </div>
        <footer className="space-y-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
          {trustRepo.error ? <ErrorNotice error={trustRepo.error} testId="trust-error" /> : null}
          {revoke.error ? <ErrorNotice error={revoke.error} /> : null}
          <div className="flex flex-wrap justify-end gap-2">
            {view?.status === "trusted" ? (
              <>
                <Button
                  variant="danger"
                  size="lg"
                  data-testid="trust-revoke"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(props.repoId, { onSuccess: props.onClose })}
                >
                  Stop trusting
                </Button>
                <Button size="lg" autoFocus data-testid="trust-close" onClick={props.onClose}>
                  Close
                </Button>
              </>
            ) : (
              <>
                <Button size="lg" autoFocus data-testid="trust-not-now" onClick={props.onClose}>
                  Not now
                </Button>
                <Button
                  variant="primary"
                  size="lg"
                  data-testid="trust-confirm"
                  disabled={!view || trustRepo.isPending}
                  onClick={confirm}
                >
                  {trustRepo.isPending ? "Trusting…" : "Trust this repository"}
                </Button>
              </>
            )}
          </div>
        </footer>
      </div>
    </Dialog>
  );
}
