/**
 * "850 ms", "1.2 s", "42 s", "2 min", "2 min 5 s": how long a run or a tool call took, or the gap
 * between two events. Tenths of a second below a minute (without a trailing ".0"), whole seconds above.
 */
export function formatDuration(ms: number): string {
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
}
