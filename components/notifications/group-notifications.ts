/** Notifications grouped by worktree, groups in the order of their newest notification. */
export function groupByWorktree<T extends { worktreePath: string }>(
  notifications: T[],
): Array<{ worktreePath: string; items: T[] }> {
  const groups = new Map<string, T[]>();
  for (const notification of notifications) {
    const items = groups.get(notification.worktreePath) ?? [];
    items.push(notification);
    groups.set(notification.worktreePath, items);
  }
  return [...groups].map(([worktreePath, items]) => ({ worktreePath, items }));
}

/** The last folder of a path, which names a worktree well enough in a narrow list. */
export function folderName(path: string): string {
  return path.replace(/\/+$/, "").split("/").at(-1) || path;
}
