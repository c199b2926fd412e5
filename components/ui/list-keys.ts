/** The keys that move through a list of rows (the worktree list, the control room): j/k as in a mail reader, and the arrows. */
const DOWN_KEYS = new Set(["ArrowDown", "j"]);
const UP_KEYS = new Set(["ArrowUp", "k"]);

/** Where a key moves in a list: one row down (1), one up (-1), or not at all (0). Pure. */
export function listStep(key: string): 1 | -1 | 0 {
  return DOWN_KEYS.has(key) ? 1 : UP_KEYS.has(key) ? -1 : 0;
}
