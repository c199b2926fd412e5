/**
 * Pure rules shared by the virtualised lists (the chat, the worktree timeline, the Logs events):
 * which rows a list draws and when it reaches for older pages. The scrolling itself (measured row
 * heights, keeping the reader's row in place when rows are prepended, following the end while it
 * grows) is @tanstack/react-virtual's.
 */

/** Pixels from the end within which a list counts as "at the latest" (it follows new rows). */
export const AT_END_PX = 80;

/** Rows within this many of the oldest loaded one start loading the page before it. */
const LOAD_OLDER_WITHIN_ROWS = 3;

/**
 * Whether the oldest loaded rows are in view and the page before them should load now: only while the
 * reader is scrolling towards the older end (never on the list's first paint, where a short
 * conversation shows its top, nor when the list moved by itself, e.g. Lighten left fewer rows: neither
 * may pull in archived pages), and never twice at once.
 */
export function shouldLoadOlder(input: {
  /** Index of the first row drawn, counting from the older end (null when nothing is drawn). */
  firstVisibleIndex: number | null;
  isReaderScrollingUp: boolean;
  hasOlder: boolean;
  isLoading: boolean;
}): boolean {
  if (!input.hasOlder || input.isLoading || !input.isReaderScrollingUp) return false;
  return input.firstVisibleIndex !== null && input.firstVisibleIndex <= LOAD_OLDER_WITHIN_ROWS;
}

/**
 * Whether the list shows its newest row (within `AT_END_PX`), so "Jump to latest" is not needed;
 * `within: 1` asks whether it is scrolled to its very end (a pixel of rounding allowed).
 */
export function isAtLatest(
  input: { scrollHeight: number; scrollTop: number; clientHeight: number },
  { within = AT_END_PX }: { within?: number } = {},
): boolean {
  return input.scrollHeight - input.scrollTop - input.clientHeight <= within;
}

/**
 * Whether two rows' props draw the same thing, comparing arrays item by item (a row's approvals are
 * rebuilt on every live event but hold the same objects): memoised rows then skip every token of an
 * answer that is not theirs.
 */
export function sameRowProps<T extends object>(previous: T, next: T): boolean {
  const keys = Object.keys(next) as Array<keyof T>;
  if (keys.length !== Object.keys(previous).length) return false;
  return keys.every((key) => {
    const [a, b] = [previous[key], next[key]];
    if (Object.is(a, b)) return true;
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
  });
}
