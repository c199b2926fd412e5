/**
 * The conflicting files a land preview lists but does not show with hunks, in order. Counted, not
 * a set: two long names shortened alike (start…end) are two files, and the second must still be
 * listed when only the first is shown. Pure.
 */
export function unshownConflicts(conflictingFiles: readonly string[], shownPaths: readonly string[]): string[] {
  const shown = new Map<string, number>();
  for (const file of shownPaths) shown.set(file, (shown.get(file) ?? 0) + 1);
  return conflictingFiles.filter((file) => {
    const left = shown.get(file) ?? 0;
    if (left > 0) shown.set(file, left - 1);
    return left === 0;
  });
}
