/** An answer lists at most this many conflicting files, with the whole count beside them (12,000 paths were 1.2 MB). */
export const MAX_LISTED_CONFLICT_FILES = 100;

/** How many file names a sentence names before "and K more": enough to recognise, never a wall of text. */
export const FILES_NAMED_IN_MESSAGES = 10;

/**
 * "a.txt, b.txt and 7 more": the first `max` of `files`, then how many are left out. `total` is the
 * whole count when `files` is already cut short (a response keeps only the first names). Pure.
 */
export function nameFiles(input: { files: readonly string[]; total?: number; max?: number }): string {
  const max = input.max ?? FILES_NAMED_IN_MESSAGES;
  const total = Math.max(input.total ?? input.files.length, input.files.length);
  const named = input.files.slice(0, max);
  const more = total - named.length;
  if (more <= 0) return named.join(", ");
  return `${named.join(", ")} and ${more} more`;
}
