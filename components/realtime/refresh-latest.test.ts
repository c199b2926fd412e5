import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refreshLatest } from "./refresh-latest.ts";

/** A query whose fetches the test answers one by one. */
function controlledQuery() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers: Array<(value: number) => void> = [];
  let started = 0;
  const observer = new QueryObserver(client, {
    queryKey: ["attention"],
    queryFn: () =>
      new Promise<number>((resolve) => {
        started += 1;
        answers.push(resolve);
      }),
  });
  const seen: number[] = [];
  const unsubscribe = observer.subscribe((result) => {
    if (result.data !== undefined && seen.at(-1) !== result.data) seen.push(result.data);
  });
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  return { client, answers, started: () => started, seen, unsubscribe, settled };
}

describe("refreshLatest", () => {
  it("lets a fetch in flight finish and follows it with one more, however many changes came meanwhile", async () => {
    const query = controlledQuery();
    await query.settled();
    expect(query.started()).toBe(1);
    refreshLatest(query.client, ["attention"]);
    refreshLatest(query.client, ["attention"]);
    refreshLatest(query.client, ["attention"]);
    await query.settled();
    expect(query.started()).toBe(1);
    query.answers[0]!(1);
    await query.settled();
    expect(query.seen).toEqual([1]);
    expect(query.started()).toBe(2);
    query.answers[1]!(2);
    await query.settled();
    expect(query.seen).toEqual([1, 2]);
    expect(query.started()).toBe(2);
    query.unsubscribe();
  });

  it("refetches at once when nothing is in flight", async () => {
    const query = controlledQuery();
    await query.settled();
    query.answers[0]!(1);
    await query.settled();
    refreshLatest(query.client, ["attention"]);
    await query.settled();
    expect(query.started()).toBe(2);
    query.answers[1]!(2);
    await query.settled();
    expect(query.seen).toEqual([1, 2]);
    query.unsubscribe();
  });
});
