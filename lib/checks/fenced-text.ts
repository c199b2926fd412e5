/** `text` in a ```text fence longer than any run of backticks inside it, so the text cannot close it. Pure. */
export function fenceText(text: string): string {
  const longestRun = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longestRun + 1);
  return [`${fence}text`, text.trimEnd(), fence].join("\n");
}
