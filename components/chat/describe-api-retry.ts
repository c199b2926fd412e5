import type { LiveRun } from "@/components/realtime/live-run-types.ts";

type Retry = NonNullable<LiveRun["retry"]>;

/** "API overloaded (529), retry 3 of 10 in 4 s": why Claude is waiting, so the user can wait or stop. */
export function describeApiRetry(retry: Retry): string {
  const delay = retry.delayMs !== null ? ` in ${Math.max(1, Math.round(retry.delayMs / 1000))} s` : "";
  return `${describeReason(retry)}, retry ${retry.attempt} of ${retry.maxRetries}${delay}`;
}

function describeReason(retry: Retry): string {
  const status = retry.errorStatus;
  const code = status !== null ? ` (${status})` : "";
  if (status === 529 || retry.error === "overloaded_error" || retry.error === "overloaded")
    return `API overloaded${code}`;
  if (status === 429) return `Rate limited${code}`;
  if (status !== null && status >= 500) return `API server error${code}`;
  if (retry.error) return `API error: ${retry.error}${code}`;
  return status !== null ? `API error${code}` : "Connection to the API failed";
}
