const numbers = new Intl.NumberFormat("en-US");

/** "12,345 chars". */
export function formatChars(chars: number): string {
  return `${numbers.format(chars)} ${chars === 1 ? "char" : "chars"}`;
}

/** The first 12 hex digits of a digest: enough to tell prompts apart at a glance. */
export function shortDigest(digest: string): string {
  return digest.length > 12 ? `${digest.slice(0, 12)}…` : digest;
}

/** Message ids as compact ranges: [3, 4, 5, 9] → "#3–#5, #9"; none → "none". */
export function describeIdRanges(ids: number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return "none";
  const ranges: Array<[number, number]> = [];
  for (const id of sorted) {
    const last = ranges.at(-1);
    if (last && id === last[1] + 1) last[1] = id;
    else ranges.push([id, id]);
  }
  return ranges.map(([from, to]) => (from === to ? `#${from}` : `#${from}–#${to}`)).join(", ");
}
