import { describe, expect, it } from "vitest";
import { isPaletteShortcut, matchCommands, type PaletteCommand } from "./command-palette.ts";

const commands: PaletteCommand[] = [
  { id: "task", label: "New task…", detail: "in arbor", group: "Start" },
  { id: "wt-login", label: "feat/login-page", detail: "worktree of arbor", group: "Open" },
  { id: "wt-main", label: "main", detail: "worktree of arbor", group: "Open" },
  { id: "repo-web", label: "web", detail: "/home/me/web", group: "Repositories" },
  { id: "attention", label: "What needs you", group: "Go to" },
  { id: "settings", label: "Settings", group: "Go to" },
];
const ids = (query: string) => matchCommands(commands, query).map((command) => command.id);

describe("matchCommands", () => {
  it("lists every command in its order when nothing is typed", () => {
    expect(ids("")).toEqual(commands.map((command) => command.id));
    expect(ids("   ")).toHaveLength(commands.length);
  });

  it("puts a label that starts with the query before one that only has a word starting with it", () => {
    expect(ids("n")).toEqual(["task", "attention", "wt-login", "wt-main", "settings"]);
    expect(ids("login")).toEqual(["wt-login"]);
    expect(ids("page")).toEqual(["wt-login"]);
  });

  it("finds words in the detail, and letters in order in the label, after the label's own matches", () => {
    expect(ids("arbor")).toEqual(["task", "wt-login", "wt-main"]);
    expect(ids("stg")).toEqual(["settings"]);
  });

  it("needs every typed word to match, in any case", () => {
    expect(ids("NEW TASK")).toEqual(["task"]);
    expect(ids("needs zebra")).toEqual([]);
  });

  it("keeps to the limit", () => {
    expect(matchCommands(commands, "", 2)).toHaveLength(2);
  });
});

describe("isPaletteShortcut", () => {
  it("is Ctrl+K or ⌘K, not K alone nor with Alt", () => {
    expect(isPaletteShortcut({ key: "k", ctrlKey: true, metaKey: false, altKey: false })).toBe(true);
    expect(isPaletteShortcut({ key: "K", ctrlKey: false, metaKey: true, altKey: false })).toBe(true);
    expect(isPaletteShortcut({ key: "k", ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(isPaletteShortcut({ key: "k", ctrlKey: true, metaKey: false, altKey: true })).toBe(false);
  });
});
