/**
 * Which columns show at which width. At 1024 px and wider all three stand side by side
 * (repositories, worktrees, the chat or dashboard). From 768 px the chat keeps its column and the
 * left one shows either the repositories or the worktrees. Below that one column shows at a time,
 * chosen from the navigation bar; choosing a repository or a worktree moves on to the next one.
 */
export type Pane = "repos" | "worktrees" | "main";

export type Column = Pane;

/** The pane a narrow screen shows for a selection (the furthest step the user has reached). */
export function paneForSelection(selection: { repoId: string | null; worktreePath: string | null }): Pane {
  if (selection.worktreePath) return "main";
  return selection.repoId ? "worktrees" : "repos";
}

/** Tailwind display classes for `column` while `pane` is the one chosen on narrow screens. */
export function columnDisplay(column: Column, pane: Pane): string {
  if (column === pane) return "flex";
  switch (column) {
    case "repos":
      return "hidden lg:flex";
    case "worktrees":
      // Beside the chat from 768 px unless the repositories take that column.
      return pane === "main" ? "hidden md:flex" : "hidden lg:flex";
    case "main":
      return "hidden md:flex";
  }
}
