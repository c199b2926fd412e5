import { revealInvisible } from "@/lib/git/parse/reveal-invisible.ts";
import type { PinView } from "@/lib/pins/pin-types.ts";
import type { PaletteCommand } from "./command-palette.ts";

/** The panels a palette command can open beside the open worktree's chat. */
export type PalettePanel = "changes" | "checks" | "timeline";

/** What a palette command does; the shell carries it out. */
export type PaletteAction =
  | { kind: "new-task"; repoId: string }
  | { kind: "open-worktree"; repoId: string; worktreePath: string }
  | { kind: "open-panel"; repoId: string; worktreePath: string; panel: PalettePanel }
  | { kind: "open-plan"; repoId: string; planId: string }
  | { kind: "open-repo"; repoId: string }
  | { kind: "attention" }
  | { kind: "settings" };

export type PaletteEntry = PaletteCommand & { action: PaletteAction };

/** A worktree of another repository, as the control room lists it (named by its plan node when it has one). */
export interface PaletteAgent {
  repoId: string;
  repoLabel: string;
  worktreePath: string;
  branch: string | null;
  planNode?: { title: string; planTitle: string } | null;
}

const pinName = (pin: PinView) => pin.label ?? pin.repoName;

const PANELS: ReadonlyArray<{ panel: PalettePanel; label: string }> = [
  { panel: "changes", label: "Show Changes" },
  { panel: "checks", label: "Show Checks" },
  { panel: "timeline", label: "Show Timeline" },
];

/**
 * The palette's commands, most likely first: a new task in the open repository, the open worktree's
 * panels, the open repository's worktrees and plans, the worktrees of every other repository the control
 * room knows, every pinned repository, and the pages (then a new task in each other repository this
 * machine holds). Names git has are shown with invisible characters written out. Pure.
 */
export function paletteCommands(input: {
  pins: readonly PinView[];
  selectedRepoId: string | null;
  /** The open repository's worktrees, as git lists them. */
  worktrees: ReadonlyArray<{ path: string; branch: string | null; isMain: boolean }>;
  /** The worktree whose chat is open. */
  openWorktreePath?: string | null;
  /** The open repository's plans. */
  plans?: ReadonlyArray<{ id: string; title: string }>;
  /** Every repository's agents (the control room's rows); the open repository's are taken from git instead. */
  agents?: readonly PaletteAgent[];
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
  const open = selected ? input.worktrees.find((worktree) => worktree.path === input.openWorktreePath) : undefined;
  const pinnedIds = new Set(input.pins.map((pin) => pin.repoId));
  return [
    ...(selected && canStart(selected) ? [newTask(selected)] : []),
    ...(selected && open
      ? PANELS.map(({ panel, label }): PaletteEntry => ({
          id: `panel:${panel}`,
          label,
          detail: `beside ${revealInvisible(open.branch ?? "detached HEAD")}`,
          group: "This worktree",
          action: { kind: "open-panel", repoId: selected.repoId, worktreePath: open.path, panel },
        }))
      : []),
    ...(selected
      ? input.worktrees.map((worktree): PaletteEntry => ({
          id: `worktree:${worktree.path}`,
          label: revealInvisible(worktree.branch ?? "detached HEAD"),
          detail: worktree.isMain ? `main worktree of ${pinName(selected)}` : revealInvisible(worktree.path),
          group: "Worktree",
          action: { kind: "open-worktree", repoId: selected.repoId, worktreePath: worktree.path },
        }))
      : []),
    ...(selected
      ? (input.plans ?? []).map((plan): PaletteEntry => ({
          id: `plan:${plan.id}`,
          label: plan.title,
          detail: `plan of ${pinName(selected)}`,
          group: "Plan",
          action: { kind: "open-plan", repoId: selected.repoId, planId: plan.id },
        }))
      : []),
    ...(input.agents ?? [])
      .filter((agent) => agent.repoId !== selected?.repoId && pinnedIds.has(agent.repoId))
      .map((agent): PaletteEntry => {
        const branch = revealInvisible(agent.branch ?? "detached HEAD");
        return {
          id: `worktree:${agent.worktreePath}`,
          label: agent.planNode ? agent.planNode.title : branch,
          detail: agent.planNode
            ? `${branch} · plan ${agent.planNode.planTitle} · ${agent.repoLabel}`
            : `in ${agent.repoLabel}`,
          group: "Worktree",
          action: { kind: "open-worktree", repoId: agent.repoId, worktreePath: agent.worktreePath },
        };
      }),
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
