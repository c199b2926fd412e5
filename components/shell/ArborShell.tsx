"use client";

import type { LedgerEntryView } from "@/components/api/ledger-api.ts";
import { useSearchParams } from "next/navigation";
import { useCallback, useState } from "react";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { PinView } from "@/lib/pins/pin-types.ts";
import type { SearchHit } from "@/components/api/memory-api.ts";
import { ACTIVE_CHAT, type ChatTarget } from "@/components/memory/chat-target.ts";
import { ConversationSearch } from "@/components/memory/ConversationSearch.tsx";
import { readPlanParam, writePlanParam } from "@/components/design/plan-selection.ts";
import { TreeDashboard } from "@/components/design/TreeDashboard.tsx";
import { PinsPanel } from "@/components/pins/PinsPanel.tsx";
import { TrustDialog } from "@/components/trust/TrustDialog.tsx";
import { WorktreePanel } from "@/components/worktrees/WorktreePanel.tsx";
import { useMarkPinUsed, usePins, useWorktrees } from "@/components/api/pins-api.ts";
import { OpenWorktreeChat } from "./OpenWorktreeChat.tsx";
import { SidebarFooter } from "./SidebarFooter.tsx";
import { readSelection, writeSelection } from "./url-selection.ts";

/**
 * The page: pins and search on the left, the chosen repository's worktrees, then the open
 * worktree's chat, or the repository's tree dashboard while no chat is open.
 */
export function ArborShell() {
  const pins = usePins();
  const markUsed = useMarkPinUsed();
  // The URL gives the selection the page opens with (the server renders it too); from then on
  // this state leads and each change is written back to the URL.
  const params = useSearchParams();
  const [repoId, setRepoId] = useState(() => readSelection(params).repoId);
  const [worktreePath, setWorktreePath] = useState(() => readSelection(params).worktreePath);
  const [planId, setPlanId] = useState(() => readPlanParam(params));
  const [target, setTarget] = useState<ChatTarget>(ACTIVE_CHAT);
  /** The repository whose trust step is open: right after pinning one that is not trusted. */
  const [reviewRepoId, setReviewRepoId] = useState<string | null>(null);

  const selectRepo = useCallback((nextRepoId: string | null) => {
    setRepoId(nextRepoId);
    setWorktreePath(null);
    setPlanId(null);
    setTarget(ACTIVE_CHAT);
    writeSelection({ repoId: nextRepoId, worktreePath: null });
    writePlanParam(null);
  }, []);

  const selectPlan = (nextPlanId: string | null) => {
    setPlanId(nextPlanId);
    writePlanParam(nextPlanId);
  };

  const selectPin = (pin: PinView) => {
    markUsed.mutate(pin.id);
    selectRepo(pin.repoId);
  };

  const openWorktreePath = (path: string | null) => {
    setWorktreePath(path);
    setTarget(ACTIVE_CHAT);
    writeSelection({ repoId, worktreePath: path });
  };
  const openWorktree = (worktree: WorktreeScan) => openWorktreePath(worktree.path);

  const openSearchHit = (hit: SearchHit) => {
    setWorktreePath(hit.worktreePath);
    setTarget({ sessionId: hit.sessionId, focus: { messageId: hit.messageId, nonce: Date.now() } });
    writeSelection({ repoId, worktreePath: hit.worktreePath });
  };

  /** Opens the conversation a ledger entry came from at its message (in the entry's worktree, else this one). */
  const jumpToEntry = (entry: LedgerEntryView) => {
    const path = entry.worktreePath ?? worktreePath;
    if (!path || entry.sessionId === null || entry.messageId === null) return;
    setWorktreePath(path);
    setTarget({ sessionId: entry.sessionId, focus: { messageId: entry.messageId, nonce: Date.now() } });
    writeSelection({ repoId, worktreePath: path });
  };

  const openSession = useCallback((sessionId: string | null) => setTarget({ sessionId, focus: null }), []);

  const selectedPin = pins.data?.find((pin) => pin.repoId === repoId) ?? null;
  const scan = useWorktrees(selectedPin ? selectedPin.repoId : null);
  const openScan = scan.data?.worktrees.find((worktree) => worktree.path === worktreePath) ?? null;

  return (
    <div className="flex h-full">
      <div className="flex h-full shrink-0 flex-col">
        <div className="min-h-0 flex-1">
          <PinsPanel
            selectedRepoId={repoId}
            onSelect={selectPin}
            onPinned={(pinnedRepoId, trust) => {
              selectRepo(pinnedRepoId);
              if (trust !== "trusted") setReviewRepoId(pinnedRepoId);
            }}
          />
        </div>
        {selectedPin ? (
          <ConversationSearch key={selectedPin.repoId} repoId={selectedPin.repoId} onOpenHit={openSearchHit} />
        ) : null}
        <SidebarFooter />
      </div>
      {selectedPin ? (
        <WorktreePanel
          pin={selectedPin}
          planId={planId}
          selectedPath={worktreePath}
          onOpen={openWorktree}
          onOpenDashboard={() => openWorktreePath(null)}
          onJumpToEntry={jumpToEntry}
        />
      ) : null}
      <main className="flex min-w-0 flex-1 flex-col" data-testid="main-pane">
        {!selectedPin ? (
          <EmptyState
            title="Pick a repository"
            body="Pin a repository on the left (paste its path), then choose it to see its worktrees, rescanned from git every time."
          />
        ) : !worktreePath ? (
          <TreeDashboard
            repoId={selectedPin.repoId}
            planId={planId}
            onSelectPlan={selectPlan}
            onOpenWorktree={openWorktreePath}
          />
        ) : (
          <OpenWorktreeChat
            repoId={selectedPin.repoId}
            worktreePath={worktreePath}
            branch={openScan?.branch ?? null}
            target={target}
            onOpenSession={openSession}
            onJumpToEntry={jumpToEntry}
          />
        )}
      </main>
      {reviewRepoId ? <TrustDialog repoId={reviewRepoId} onClose={() => setReviewRepoId(null)} /> : null}
    </div>
  );
}

function EmptyState({ title, body }: { title: string; body: string }) {
  return (
    <div className="m-auto max-w-md p-8 text-center" data-testid="empty-state">
      <h2 className="mb-2 text-base font-semibold">{title}</h2>
      <p className="text-sm text-zinc-500">{body}</p>
    </div>
  );
}
