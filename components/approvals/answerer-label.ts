/** sessionStorage key of this tab's name, as other tabs see it when it answers a request. */
const STORAGE_KEY = "arbor.answerer";

/** The browser's name from its user agent, for a label a person recognises. */
export function browserNameOf(userAgent: string): string {
  if (/Firefox\//.test(userAgent)) return "Firefox";
  if (/Edg\//.test(userAgent)) return "Edge";
  if (/(Chrome|Chromium|HeadlessChrome)\//.test(userAgent)) return "Chrome";
  if (/Safari\//.test(userAgent)) return "Safari";
  return "Browser";
}

/** "Chrome tab · 3f9a": the browser and a short id that tells two tabs apart. */
export function createAnswererLabel(input: { userAgent: string; id: string }): string {
  return `${browserNameOf(input.userAgent)} tab · ${input.id.replace(/-/g, "").slice(0, 4)}`;
}

/** Who answered, as this tab says it: "this tab" for its own answers. Null when nobody did (a timeout, a stop). */
export function describeAnsweredBy(input: { answeredBy: string | null; ownLabel: string | null }): string | null {
  if (!input.answeredBy) return null;
  return input.answeredBy === input.ownLabel ? "this tab" : input.answeredBy;
}

/** This tab's label, made once and kept for the tab's life (reloads included) in sessionStorage. */
export function readAnswererLabel(): string {
  const stored = window.sessionStorage.getItem(STORAGE_KEY);
  if (stored) return stored;
  const label = createAnswererLabel({ userAgent: window.navigator.userAgent, id: window.crypto.randomUUID() });
  window.sessionStorage.setItem(STORAGE_KEY, label);
  return label;
}
