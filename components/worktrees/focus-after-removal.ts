/**
 * Where the focus goes when the row that held it left the list (its worktree was removed): the row
 * that took its place, else the one before it; null when the row is still there or the list is empty.
 */
export function pickRowAfterRemoval(input: {
  previousKeys: readonly string[];
  nextKeys: readonly string[];
  focusedKey: string;
}): string | null {
  const { previousKeys, nextKeys, focusedKey } = input;
  if (nextKeys.includes(focusedKey) || nextKeys.length === 0) return null;
  const gone = new Set(previousKeys.filter((key) => !nextKeys.includes(key)));
  const index = previousKeys.indexOf(focusedKey);
  if (index === -1) return nextKeys[0] ?? null;
  // The first row after it that is still listed, else the nearest one before it.
  for (const key of previousKeys.slice(index + 1)) if (!gone.has(key)) return key;
  for (const key of previousKeys.slice(0, index).reverse()) if (!gone.has(key)) return key;
  return nextKeys[0] ?? null;
}
