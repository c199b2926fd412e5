import { QueryClient, QueryObserver, type QueryKey } from "@tanstack/react-query";

/**
 * An observed query whose fetches the test answers one by one: how many fetches started, which of
 * them the query gave up on (its AbortSignal fired), and every value the observer was shown.
 */
export function controlledQuery(queryKey: QueryKey = ["attention"], client = new QueryClient()) {
  client.setDefaultOptions({ queries: { retry: false } });
  const answers: Array<(value: number) => void> = [];
  const aborted: boolean[] = [];
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: ({ signal }) =>
      new Promise<number>((resolve) => {
        const index = answers.length;
        aborted.push(false);
        signal.addEventListener("abort", () => (aborted[index] = true));
        answers.push(resolve);
      }),
  });
  const seen: number[] = [];
  const unsubscribe = observer.subscribe((result) => {
    if (result.data !== undefined && seen.at(-1) !== result.data) seen.push(result.data);
  });
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  return { client, answers, aborted, started: () => answers.length, seen, unsubscribe, settled };
}
