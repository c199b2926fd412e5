"use client";

import type { LedgerEntryView } from "@/components/api/ledger-api.ts";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { PinView } from "@/lib/pins/pin-types.ts";
import type { SearchHit } from "@/components/api/memory-api.ts";
import { ACTIVE_CHAT, type ChatTarget } from "@/components/memory/chat-target.ts";
import { AttentionView } from "@/components/attention/AttentionView.tsx";
import { openSidePanel } from "@/components/chat/side-panel/side-panel.ts";
import { useAttention } from "@/components/attention/use-attention.ts";
import { countNeedingUser } from "@/lib/chat/attention/attention.ts";
import { ConversationSearch } from "@/components/memory/ConversationSearch.tsx";
import { TreeDashboard } from "@/components/design/TreeDashboard.tsx";
import { PinsPanel } from "@/components/pins/PinsPanel.tsx";
import { TrustDialog } from "@/components/trust/TrustDialog.tsx";
import { NewTaskDialog } from "@/components/worktrees/NewTaskButton.tsx";
import { WorktreePanel } from "@/components/worktrees/WorktreePanel.tsx";
import { useMarkPinUsed, usePins, useWorktrees } from "@/components/api/pins-api.ts";
import { usePlans } from "@/components/api/plans-api.ts";
import { CommandPalette, usePaletteShortcut } from "./CommandPalette.tsx";
import { footerLinks } from "./footer-links.ts";
import { columnDisplay, paneForSelection, type Pane } from "./layout-panes.ts";
import { OpenWorktreeChat } from "./OpenWorktreeChat.tsx";
import { paletteCommands, type PaletteAction } from "./palette-commands.ts";
import { PaneNav } from "./PaneNav.tsx";
import { SidebarFooter } from "./SidebarFooter.tsx";
import { readSelection, writeSelection, type Selection } from "./url-selection.ts";

/**
 * The page: pins and search on the left, the chosen repository's worktrees, then the open
 * worktree's chat, or the repository's tree dashboard while no chat is open; Ctrl+K / ⌘K opens
 * the command palette over it.
 */
export function ArborShell() {
  const pins = usePins();
  const markUsed = useMarkPinUsed();
  // The URL gives the selection the page opens with (the server renders it too); from then on
  // this state leads, each change is a history entry, and Back or Forward bring it back.
  const params = useSearchParams();
  const [selection, setSelection] = useState<Selection>(() => readSelection(params));
  const { repoId, worktreePath, planId } = selection;
  const [pane, setPane] = useState<Pane>(() => paneForSelection(readSelection(params)));
  const [target, setTarget] = useState<ChatTarget>(ACTIVE_CHAT);
  /** The repository whose trust step is open: right after pinning one that is not trusted. */
  const [reviewRepoId, setReviewRepoId] = useState<string | null>(null);

  useEffect(() => {
    const onPopState = () => {
      const fromUrl = readSelection(new URLSearchParams(window.location.search));
      setSelection(fromUrl);
      setPane(paneForSelection(fromUrl));
      setTarget(ACTIVE_CHAT);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const select = useCallback((next: Selection) => {
    setSelection(next);
    setPane(paneForSelection(next));
    writeSelection(next);
  }, []);

  const selectRepo = useCallback(
    (nextRepoId: string | null) => {
      setTarget(ACTIVE_CHAT);
      select({ repoId: nextRepoId, worktreePath: null, planId: null });
    },
    [select],
  );

  const selectPlan = (nextPlanId: string | null) => {
    setSelection((current) => ({ ...current, planId: nextPlanId }));
    writeSelection({ ...selection, planId: nextPlanId });
  };

  const selectPin = (pin: PinView) => {
    markUsed.mutate(pin.id);
    selectRepo(pin.repoId);
  };

  /** `repoId`: a worktree of another repository (a plan node on a runner's clone). */
  const openWorktreePath = (path: string | null, repoId?: string) => {
    setTarget(ACTIVE_CHAT);
    select({
      ...selection,
      ...(repoId && repoId !== selection.repoId ? { repoId, planId: null } : {}),
      worktreePath: path,
    });
  };
  const openWorktree = (worktree: WorktreeScan) => openWorktreePath(worktree.path);

  const openSearchHit = (hit: SearchHit) => {
    setTarget({ sessionId: hit.sessionId, focus: { messageId: hit.messageId, nonce: Date.now() } });
    select({ ...selection, worktreePath: hit.worktreePath });
  };

  /** Nothing selected: the main pane lists every worktree by what needs the user. */
  const openAttention = () => {
    setTarget(ACTIVE_CHAT);
    const none = { repoId: null, worktreePath: null, planId: null };
    setSelection(none);
    setPane("main");
    writeSelection(none);
  };
  const openAttentionItem = useCallback(
    (item: { repoId: string; worktreePath: string }) => {
      setTarget(ACTIVE_CHAT);
      select({ repoId: item.repoId, worktreePath: item.worktreePath, planId: null });
    },
    [select],
  );
  /** A worktree whose checks fail, opened with its Checks panel beside the chat. */
  const openAttentionChecks = useCallback(
    (item: { repoId: string; worktreePath: string }) => {
      openSidePanel(item, "checks");
      openAttentionItem(item);
    },
    [openAttentionItem],
  );
  /** Opens the conversation a ledger entry came from at its message (in the entry's worktree, else this one). */
  const jumpToEntry = (entry: LedgerEntryView) => {
    const path = entry.worktreePath ?? worktreePath;
    if (!path || entry.sessionId === null || entry.messageId === null) return;
    setTarget({ sessionId: entry.sessionId, focus: { messageId: entry.messageId, nonce: Date.now() } });
    select({ ...selection, worktreePath: path });
  };

  const openSession = useCallback((sessionId: string | null) => setTarget({ sessionId, focus: null }), []);

  const attention = useAttention();
  const needing = countNeedingUser(attention.data ?? []);
  const selectedPin = pins.data?.find((pin) => pin.repoId === repoId) ?? null;
  const scan = useWorktrees(selectedPin ? selectedPin.repoId : null);
  const openScan = scan.data?.worktrees.find((worktree) => worktree.path === worktreePath) ?? null;
  // Git no longer lists it (removed here, by Tidy up, in another tab or a terminal): its chat is history.
  // Read only from a settled scan, and paths compared without a trailing slash (a URL may carry one).
  const isOpenWorktreeRemoved =
    scan.isSuccess &&
    !scan.isFetching &&
    worktreePath !== null &&
    !scan.data.worktrees.some((worktree) => withoutTrailingSlash(worktree.path) === withoutTrailingSlash(worktreePath));

  const router = useRouter();
  const [isPaletteOpen, setPaletteOpen] = useState(false);
  usePaletteShortcut(useCallback(() => setPaletteOpen(true), []));
  /** The repository whose New task dialog the palette opened. */
  const [taskRepoId, setTaskRepoId] = useState<string | null>(null);
  const plans = usePlans(selectedPin?.repoId ?? null);
  const commands = useMemo(
    () =>
      paletteCommands({
        pins: pins.data ?? [],
        selectedRepoId: selectedPin?.repoId ?? null,
        worktrees: scan.data?.worktrees ?? [],
        openWorktreePath: worktreePath,
        plans: plans.data ?? [],
        agents: attention.data ?? [],
      }),
    [pins.data, selectedPin?.repoId, scan.data?.worktrees, worktreePath, plans.data, attention.data],
  );
  const runCommand = (action: PaletteAction) => {
    if (action.kind === "new-task") {
      if (action.repoId !== repoId) selectRepo(action.repoId);
      setTaskRepoId(action.repoId);
    } else if (action.kind === "open-worktree") {
      setTarget(ACTIVE_CHAT);
      select({ repoId: action.repoId, worktreePath: action.worktreePath, planId: null });
    } else if (action.kind === "open-panel") {
      openSidePanel(action, action.panel);
    } else if (action.kind === "open-plan") {
      setTarget(ACTIVE_CHAT);
      select({ repoId: action.repoId, worktreePath: null, planId: action.planId });
    } else if (action.kind === "open-repo") selectRepo(action.repoId);
    else if (action.kind === "attention") openAttention();
    else router.push(footerLinks(window.location.search).settings);
  };

  return (
    <div className="flex h-full flex-col">
      <a
        href="#composer-input"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-zinc-900"
        data-testid="skip-to-composer"
      >
        Skip to the message box
      </a>
      {selectedPin ? (
        <a
          href="#worktree-list"
          onClick={(event) => {
            event.preventDefault();
            setPane("worktrees");
            // After the column is shown (on a phone it may be hidden until now).
            requestAnimationFrame(() => focusWorktree(worktreePath));
          }}
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-12 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-zinc-900"
          data-testid="skip-to-worktrees"
        >
          Skip to the worktrees
        </a>
      ) : null}
      <PaneNav
        pane={pane}
        hasRepo={selectedPin !== null}
        mainLabel={worktreePath ? "Chat" : "Dashboard"}
        onChange={setPane}
        onOpenAttention={openAttention}
        needing={needing}
      />
      <div className="flex min-h-0 flex-1">
        <div
          className={`${columnDisplay("repos", pane)} h-full w-full shrink-0 flex-col md:w-auto`}
          data-testid="column-repos"
        >
          <div className="min-h-0 flex-1">
            <PinsPanel
              selectedRepoId={repoId}
              onOpenAttention={openAttention}
              onOpenPalette={() => setPaletteOpen(true)}
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
          <div
            className={`${columnDisplay("worktrees", pane)} h-full w-full shrink-0 md:w-auto`}
            data-testid="column-worktrees"
          >
            <WorktreePanel
              pin={selectedPin}
              planId={planId}
              selectedPath={worktreePath}
              onOpen={openWorktree}
              onOpenPath={openWorktreePath}
              onOpenDashboard={() => openWorktreePath(null)}
              onJumpToEntry={jumpToEntry}
            />
          </div>
        ) : null}
        <main className={`${columnDisplay("main", pane)} min-w-0 flex-1 flex-col`} data-testid="main-pane">
          {!selectedPin ? (
            pins.data && pins.data.length > 0 ? (
              <AttentionView onOpen={openAttentionItem} onOpenChecks={openAttentionChecks} />
            ) : (
              <EmptyState
                title="Pick a repository"
                body="Pin a repository on the left (paste its path), then choose it to see its worktrees, rescanned from git every time."
              />
            )
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
              isRemoved={isOpenWorktreeRemoved}
              target={target}
              onOpenSession={openSession}
              onJumpToEntry={jumpToEntry}
            />
          )}
        </main>
      </div>
      {reviewRepoId ? <TrustDialog repoId={reviewRepoId} onClose={() => setReviewRepoId(null)} /> : null}
      <CommandPalette
        isOpen={isPaletteOpen}
        onClose={() => setPaletteOpen(false)}
        commands={commands.map((command) => ({ ...command, run: () => runCommand(command.action) }))}
      />
      {taskRepoId ? (
        <NewTaskDialog
          isOpen
          repoId={taskRepoId}
          onClose={() => setTaskRepoId(null)}
          onStarted={(path) => {
            setTarget(ACTIVE_CHAT);
            select({ repoId: taskRepoId, worktreePath: path, planId: null });
          }}
        />
      ) : null}
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

/** Puts the focus on the open worktree's row in the list, else on the first one that can be opened. */
function focusWorktree(worktreePath: string | null): void {
  const rows = [...document.querySelectorAll<HTMLElement>('#worktree-list [data-testid="worktree-row"]')];
  const open = rows.find((row) => row.dataset.path === worktreePath);
  const target =
    open?.querySelector<HTMLElement>('[data-testid="worktree-open"]:not(:disabled)') ??
    document.querySelector<HTMLElement>('#worktree-list [data-testid="worktree-open"]:not(:disabled)');
  target?.focus();
}

const withoutTrailingSlash = (path: string) => path.replace(/\/+$/, "");
