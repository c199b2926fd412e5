/** "14:03:27" in the browser's time zone. */
export function formatClock(iso: string): string {
  return new Date(iso).toLocaleTimeString("en-GB", { hour12: false });
}
