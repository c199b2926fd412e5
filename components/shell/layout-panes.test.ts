import { describe, expect, it } from "vitest";
import { columnDisplay, paneForSelection, type Column, type Pane } from "./layout-panes.ts";

const columns: Column[] = ["repos", "worktrees", "main"];

/** The columns shown at a width: "sm" (< 768), "md" (768–1023) or "lg" (≥ 1024). */
function shown(pane: Pane, width: "sm" | "md" | "lg"): Column[] {
  return columns.filter((column) => {
    const classes = columnDisplay(column, pane).split(" ");
    if (classes.includes("flex")) return true;
    if (width === "md") return classes.includes("md:flex");
    if (width === "lg") return classes.includes("md:flex") || classes.includes("lg:flex");
    return false;
  });
}

describe("responsive columns", () => {
  it("shows exactly the chosen pane on a narrow screen", () => {
    for (const pane of columns) expect(shown(pane, "sm")).toEqual([pane]);
  });

  it("keeps the chat beside one list column at 768 px", () => {
    expect(shown("main", "md")).toEqual(["worktrees", "main"]);
    expect(shown("worktrees", "md")).toEqual(["worktrees", "main"]);
    expect(shown("repos", "md")).toEqual(["repos", "main"]);
  });

  it("shows all three columns on a wide screen whatever was chosen", () => {
    for (const pane of columns) expect(shown(pane, "lg")).toEqual(columns);
  });

  it("opens a narrow screen where the selection leads", () => {
    expect(paneForSelection({ repoId: null, worktreePath: null })).toBe("repos");
    expect(paneForSelection({ repoId: "r", worktreePath: null })).toBe("worktrees");
    expect(paneForSelection({ repoId: "r", worktreePath: "/w" })).toBe("main");
  });
});
