"use client";

import { useCallback, useId, useRef, useState, type KeyboardEvent } from "react";
import { WORKTREE_MODES, type WorktreeMode } from "@/lib/approvals/worktree-mode-types.ts";
import { useSaveWorktreeMode, useWorktreeMode } from "@/components/api/approvals-api.ts";
import { useRepoTrust } from "@/components/api/trust-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { useDismiss } from "@/components/ui/use-dismiss.ts";
import { useKeepInViewport } from "@/components/ui/use-keep-in-viewport.ts";
import { BypassConfirm } from "./BypassConfirm.tsx";
import { MODE_LOOK } from "./mode-look.ts";

const TRIGGER_TONE: Record<WorktreeMode, string> = {
  default: "",
  acceptEdits: "border-sky-400 text-sky-800 dark:border-sky-700 dark:text-sky-300",
  plan: "border-violet-400 text-violet-800 dark:border-violet-700 dark:text-violet-300",
  bypassPermissions: "border-red-500 bg-red-50 text-red-800 dark:border-red-700 dark:bg-red-950/50 dark:text-red-300",
};

/**
 * The worktree's permission mode in the chat header: Ask (the default), Accept edits, Plan, and
 * Bypass, which only a trusted repository offers and only after a warning. The choice is kept per
 * worktree and applies from the next message on.
 */
export function PermissionModeMenu(props: { repoId: string; worktreePath: string; onChanged: () => void }) {
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [isConfirmingBypass, setConfirmingBypass] = useState(false);
  const current = useWorktreeMode(props).data;
  const mode = current?.mode ?? "default";
  const sandbox = current?.sandbox ?? null;
  const save = useSaveWorktreeMode(props);
  const isTrusted = useRepoTrust(props.repoId).data?.status === "trusted";
  const close = useCallback(() => {
    setOpen(false);
    setConfirmingBypass(false);
  }, []);
  useDismiss({ isOpen, container, onDismiss: close });
  const menu = useRef<HTMLDivElement>(null);
  useKeepInViewport(menu, isOpen);

  const choose = (next: WorktreeMode) => {
    if (next === "bypassPermissions" && !isConfirmingBypass) {
      setConfirmingBypass(true);
      return;
    }
    save.mutate(
      { mode: next },
      {
        onSuccess: () => {
          close();
          props.onChanged();
        },
      },
    );
  };
  // Commands ask again from the next message on; the mode stays what it is.
  const leaveSandbox = () => save.mutate({ mode, leaveSandbox: true }, { onSuccess: () => props.onChanged() });
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]:not([disabled])')];
    const index = items.indexOf(document.activeElement as HTMLElement);
    items.at((index + (event.key === "ArrowDown" ? 1 : -1)) % items.length)?.focus();
  };

  return (
    <div ref={container} className="relative">
      <Button
        data-testid="mode-menu-button"
        data-mode={mode}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        title="Permission mode of this worktree: what Claude may do without asking"
        onClick={() => (isOpen ? close() : setOpen(true))}
        className={TRIGGER_TONE[mode]}
      >
        Mode: <span className="font-semibold">{MODE_LOOK[mode].label}</span>
        {sandbox ? (
          <span data-testid="mode-sandboxed" className="font-semibold text-emerald-700 dark:text-emerald-400">
            {" "}
            · Sandboxed
          </span>
        ) : null}{" "}
        ▾
      </Button>
      {isOpen ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Permission mode"
          data-testid="mode-menu"
          onKeyDown={moveFocus}
          className="absolute right-0 top-full z-40 mt-1 w-80 max-w-[calc(100vw-1.5rem)] rounded-lg border border-zinc-200 bg-white p-1.5 text-xs shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
        >
          <p className="px-2 pb-1 pt-0.5 text-[11px] text-zinc-500">
            What Claude may do in this worktree without asking. Applies from the next message.
          </p>
          {sandbox ? (
            <p data-testid="mode-sandbox-note" className="px-2 pb-1 text-[11px] text-emerald-800 dark:text-emerald-300">
              Commands run in Claude Code&apos;s sandbox (this plan node was started Sandboxed): they write only in this
              worktree and reach{" "}
              {sandbox.allowedDomains.length > 0 ? sandbox.allowedDomains.join(", ") : "no network domain"}.{" "}
              <button
                type="button"
                data-testid="mode-leave-sandbox"
                disabled={save.isPending}
                onClick={leaveSandbox}
                title="Run this worktree's commands outside the sandbox from the next message on: each one asks first"
                className="font-semibold underline underline-offset-2 hover:text-emerald-950 disabled:opacity-60 dark:hover:text-emerald-100"
              >
                Leave the sandbox
              </button>
            </p>
          ) : null}
          {WORKTREE_MODES.map((option) => {
            const isLocked = option === "bypassPermissions" && !isTrusted;
            return (
              <button
                key={option}
                type="button"
                role="menuitemradio"
                aria-checked={mode === option}
                disabled={isLocked || save.isPending}
                data-testid={`mode-option-${option}`}
                autoFocus={mode === option}
                onClick={() => choose(option)}
                className={`block w-full rounded-md px-2 py-1.5 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-emerald-500 disabled:cursor-not-allowed disabled:opacity-60 dark:hover:bg-zinc-800 ${mode === option ? "bg-emerald-50 dark:bg-emerald-950/40" : ""}`}
              >
                <span
                  className={`font-semibold ${option === "bypassPermissions" ? "text-red-700 dark:text-red-400" : ""}`}
                >
                  {mode === option ? "● " : ""}
                  {MODE_LOOK[option].label}
                </span>
                <span className="block text-[11px] text-zinc-600 dark:text-zinc-400">
                  {isLocked
                    ? "Only in a repository you trust: trust it first (Review in the banner above the chat)."
                    : MODE_LOOK[option].description}
                </span>
              </button>
            );
          })}
          {isConfirmingBypass ? (
            <BypassConfirm
              isBusy={save.isPending}
              onConfirm={() => choose("bypassPermissions")}
              onCancel={() => setConfirmingBypass(false)}
            />
          ) : null}
          {save.error ? <ErrorNotice error={save.error} testId="mode-error" /> : null}
        </div>
      ) : null}
    </div>
  );
}
