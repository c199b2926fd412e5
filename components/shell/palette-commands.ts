import { revealInvisible } from "@/lib/git/parse/reveal-invisible.ts";
import type { PinView } from "@/lib/pins/pin-types.ts";
import type { PaletteCommand } from "./command-palette.ts";

/** What a palette command does; the shell carries it out. */
export type PaletteAction =
  | { kind: "new-task"; repoId: string }
  | { kind: "open-worktree"; repoId: string; worktreePath: string }
  | { kind: "open-repo"; repoId: string }
  | { kind: "attention" }
  | { kind: "settings" };

export type PaletteEntry = PaletteCommand & { action: PaletteAction };

const pinName = (pin: PinView) => pin.label ?? pin.repoName;

/**
 * The palette's commands, most likely first: a new task in the open repository (then in each other
 * one this machine holds), the open repository's worktrees, every pinned repository, and the pages.
 * Names git has are shown with invisible characters written out. Pure.
 */
export function paletteCommands(input: {
  pins: readonly PinView[];
  selectedRepoId: string | null;
  worktrees: ReadonlyArray<{ path: string; branch: string | null; isMain: boolean }>;
}): PaletteEntry[] {
  const selected = input.pins.find((pin) => pin.repoId === input.selectedRepoId) ?? null;
  const others = input.pins.filter((pin) => pin !== selected);
  const canStart = (pin: PinView) => pin.owner.isLocal && !pin.isMissing;
  const newTask = (pin: PinView): PaletteEntry => ({
    id: `new-task:${pin.repoId}`,
    label: "New task…",
    detail: `in ${pinName(pin)}`,
    group: "Start",
    action: { kind: "new-task", repoId: pin.repoId },
  });
  return [
    ...(selected && canStart(selected) ? [newTask(selected)] : []),
    ...(selected
      ? input.worktrees.map((worktree): PaletteEntry => ({
          id: `worktree:${worktree.path}`,
          label: revealInvisible(worktree.branch ?? "detached HEAD"),
          detail: worktree.isMain ? `main worktree of ${pinName(selected)}` : revealInvisible(worktree.path),
          group: "Worktree",
          action: { kind: "open-worktree", repoId: selected.repoId, worktreePath: worktree.path },
        }))
      : []),
    ...others.map((pin): PaletteEntry => ({
      id: `repo:${pin.repoId}`,
      label: pinName(pin),
      detail: pin.owner.isLocal ? pin.localPath : `on ${pin.owner.label}`,
      group: "Repository",
      action: { kind: "open-repo", repoId: pin.repoId },
    })),
    {
      id: "attention",
      label: "What needs you",
      detail: "every worktree, by what needs you",
      group: "Go to",
      action: { kind: "attention" },
    },
    ...others.filter(canStart).map(newTask),
    { id: "settings", label: "Settings", group: "Go to", action: { kind: "settings" } },
  ];
}
