/**
 * The worktree `step` places from `current` among those that can be opened (null entries cannot:
 * a missing folder, a bare repository), stopping at either end; the first one when `current` is not
 * among them. Null when none can be opened. Pure.
 */
export function stepWorktree(input: {
  paths: readonly (string | null)[];
  current: string | null;
  step: 1 | -1;
}): string | null {
  const openable = input.paths.filter((path): path is string => path !== null);
  if (openable.length === 0) return null;
  const at = input.current === null ? -1 : openable.indexOf(input.current);
  if (at === -1) return input.step === 1 ? openable[0]! : openable.at(-1)!;
  return openable[Math.min(openable.length - 1, Math.max(0, at + input.step))]!;
}
