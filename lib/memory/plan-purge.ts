/**
 * Which messages a purge may move out of the working history: only those a summary covers
 * (id <= coveredUntil) AND older than the last `keepLastN` working messages. A message the
 * summary does not cover is never purged, whatever `keepLastN` says.
 */
export function planPurge(input: {
  workingMessageIds: readonly number[];
  coveredUntilMessageId: number | null;
  keepLastN: number;
}): number[] {
  if (input.coveredUntilMessageId === null) return [];
  const ordered = [...input.workingMessageIds].sort((a, b) => a - b);
  const keepFrom = Math.max(0, ordered.length - Math.max(0, input.keepLastN));
  const covered = input.coveredUntilMessageId;
  return ordered.slice(0, keepFrom).filter((id) => id <= covered);
}

/** The next covered-until id: never moves backwards. */
export function nextCoveredUntil(input: { previous: number | null; coveredIds: readonly number[] }): number {
  const highest = input.coveredIds.reduce((max, id) => Math.max(max, id), 0);
  return Math.max(input.previous ?? 0, highest);
}
