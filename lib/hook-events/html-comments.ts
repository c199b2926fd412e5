/** A `<!-- … -->` comment found in text: where it starts and ends (end is exclusive), and its body. */
export interface HtmlComment {
  start: number;
  end: number;
  body: string;
}

/** Scan statistics, for tests that prove the scan is linear. */
export interface ScanStats {
  steps: number;
}

/**
 * Every complete `<!-- … -->` comment in `text`, in order, in linear time: one forward pass in
 * which each character is visited at most twice, whatever the input (text from models and hook
 * payloads is untrusted, and a backtracking regex over it could freeze the server). Comments
 * whose body is longer than `maxBodyChars` are skipped, not returned.
 */
export function findHtmlComments(text: string, options: { maxBodyChars: number; stats?: ScanStats }): HtmlComment[] {
  const comments: HtmlComment[] = [];
  let position = 0;
  while (position < text.length) {
    const open = text.indexOf("<!--", position);
    if (open === -1) {
      count(options.stats, text.length - position);
      break;
    }
    const close = text.indexOf("-->", open + 4);
    if (close === -1) {
      // No comment closes after this point: nothing further can match.
      count(options.stats, text.length - position);
      break;
    }
    count(options.stats, close + 3 - position);
    if (close - (open + 4) <= options.maxBodyChars) {
      comments.push({ start: open, end: close + 3, body: text.slice(open + 4, close) });
    }
    position = close + 3;
  }
  return comments;
}

function count(stats: ScanStats | undefined, steps: number): void {
  if (stats) stats.steps += steps;
}
