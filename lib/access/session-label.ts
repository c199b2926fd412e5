const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrom(e|ium)\//, "Chromium"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/**
 * A short name for a signed-in browser, from its User-Agent at sign-in: "Firefox on Linux". It is what
 * other tabs and the records show as who answered, so it is built from a fixed vocabulary: nothing a
 * client writes reaches it verbatim.
 */
export function describeBrowser(userAgent: string | undefined): string {
  const text = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? "A browser";
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
