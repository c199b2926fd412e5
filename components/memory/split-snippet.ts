interface SnippetPart {
  text: string;
  isMatch: boolean;
}

/**
 * Splits a search snippet whose matched words the server wrapped in [ ] into plain and
 * matched parts. Only a bracketed run of word characters counts as a match, so brackets that
 * were in the message itself (links, `[[…]]`) stay text.
 */
export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let last = 0;
  for (const match of snippet.matchAll(/\[([\p{L}\p{N}_]+)\]/gu)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ text: snippet.slice(last, index), isMatch: false });
    parts.push({ text: match[1] ?? "", isMatch: true });
    last = index + match[0].length;
  }
  if (last < snippet.length) parts.push({ text: snippet.slice(last), isMatch: false });
  return parts;
}
