import { describe, expect, it } from "vitest";
import type { PinView } from "@/lib/pins/pin-types.ts";
import { paletteCommands } from "./palette-commands.ts";

const pin = (repoId: string, overrides: Partial<PinView> = {}): PinView => ({
  id: `pin-${repoId}`,
  repoId,
  localPath: `/src/${repoId}`,
  label: null,
  repoName: repoId,
  repoRoot: `/src/${repoId}`,
  lastUsedAt: "2026-11-30T00:00:00.000Z",
  createdAt: "2026-11-30T00:00:00.000Z",
  isMissing: false,
  owner: { instanceId: "here", label: "this machine", hostName: "here", isLocal: true },
  ...overrides,
});

/** Two pinned repositories, "api" open with its main worktree and one linked worktree. */
const apiOpen = {
  pins: [pin("web"), pin("api", { label: "API" })],
  selectedRepoId: "api",
  worktrees: [
    { path: "/src/api", branch: "main", isMain: true },
    { path: "/src/api-login", branch: "feat/login", isMain: false },
  ],
};

describe("paletteCommands", () => {
  it("offers a new task in the open repository first, then its worktrees, other repositories and the pages", () => {
    const commands = paletteCommands({
      ...apiOpen,
    });
    expect(commands.map((command) => command.id)).toEqual([
      "new-task:api",
      "worktree:/src/api",
      "worktree:/src/api-login",
      "repo:web",
      "attention",
      "new-task:web",
      "settings",
    ]);
    expect(commands[0]).toMatchObject({
      label: "New task…",
      detail: "in API",
      action: { kind: "new-task", repoId: "api" },
    });
    expect(commands[1]).toMatchObject({ label: "main", detail: "main worktree of API" });
    expect(commands[2]).toMatchObject({
      label: "feat/login",
      detail: "/src/api-login",
      action: { kind: "open-worktree", repoId: "api", worktreePath: "/src/api-login" },
    });
  });

  it("starts no task where this machine cannot: another instance's repository, or a missing folder", () => {
    const commands = paletteCommands({
      pins: [
        pin("theirs", { owner: { instanceId: "b", label: "build box", hostName: "b", isLocal: false } }),
        pin("gone", { isMissing: true }),
      ],
      selectedRepoId: "theirs",
      worktrees: [],
    });
    expect(commands.filter((command) => command.action.kind === "new-task")).toEqual([]);
    expect(commands.find((command) => command.id === "repo:gone")).toBeDefined();
  });

  it("lists no worktrees without an open repository, and writes out invisible characters in branch names", () => {
    expect(
      paletteCommands({
        pins: [pin("web")],
        selectedRepoId: null,
        worktrees: [{ path: "/x", branch: "y", isMain: false }],
      }).map((command) => command.id),
    ).toEqual(["repo:web", "attention", "new-task:web", "settings"]);
    const [, worktree] = paletteCommands({
      pins: [pin("web")],
      selectedRepoId: "web",
      worktrees: [{ path: "/src/web-x", branch: "feat/\u202Eevil", isMain: false }],
    });
    expect(worktree?.label).toBe("feat/[U+202E]evil");
  });

  it("offers the open worktree's panels, the repository's plans, and every other repository's agents", () => {
    const commands = paletteCommands({
      ...apiOpen,
      openWorktreePath: "/src/api-login",
      plans: [{ id: "p1", title: "Checkout" }],
      agents: [
        { repoId: "api", repoLabel: "API", worktreePath: "/src/api-login", branch: "feat/login" },
        { repoId: "web", repoLabel: "web", worktreePath: "/src/web-ui", branch: "feat/ui" },
        {
          repoId: "web",
          repoLabel: "web",
          worktreePath: "/src/web-pay",
          branch: "feat/pay",
          planNode: { title: "Payment form", planTitle: "Shop" },
        },
        { repoId: "unpinned", repoLabel: "old", worktreePath: "/src/old-x", branch: "x" },
      ],
    });
    expect(commands.map((command) => command.id)).toEqual([
      "new-task:api",
      "panel:changes",
      "panel:checks",
      "panel:timeline",
      "worktree:/src/api",
      "worktree:/src/api-login",
      "plan:p1",
      "worktree:/src/web-ui",
      "worktree:/src/web-pay",
      "repo:web",
      "attention",
      "new-task:web",
      "settings",
    ]);
    expect(commands[2]).toMatchObject({
      label: "Show Checks",
      detail: "beside feat/login",
      action: { kind: "open-panel", repoId: "api", worktreePath: "/src/api-login", panel: "checks" },
    });
    expect(commands[6]).toMatchObject({
      label: "Checkout",
      detail: "plan of API",
      action: { kind: "open-plan", repoId: "api", planId: "p1" },
    });
    expect(commands[7]).toMatchObject({ label: "feat/ui", detail: "in web" });
    expect(commands[8]).toMatchObject({
      label: "Payment form",
      detail: "feat/pay · plan Shop · web",
      action: { kind: "open-worktree", repoId: "web", worktreePath: "/src/web-pay" },
    });
  });

  it("offers no panels when the open worktree is not one git lists (removed, or the dashboard)", () => {
    const ids = paletteCommands({
      pins: [pin("api")],
      selectedRepoId: "api",
      worktrees: [{ path: "/src/api", branch: "main", isMain: true }],
      openWorktreePath: "/src/api-gone",
    }).map((command) => command.id);
    expect(ids.filter((id) => id.startsWith("panel:"))).toEqual([]);
  });
});
