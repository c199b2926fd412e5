import { describe, expect, it } from "vitest";
import { controlledQuery } from "@/tests/support/controlled-query.ts";
import { refreshLatest } from "./refresh-latest.ts";

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

  it("keeps each client's waiting refetch to itself: two tabs' clients both get theirs", async () => {
    const first = controlledQuery();
    const second = controlledQuery();
    await first.settled();
    refreshLatest(first.client, ["attention"]);
    refreshLatest(second.client, ["attention"]);
    first.answers[0]!(1);
    second.answers[0]!(1);
    await first.settled();
    expect([first.started(), second.started()]).toEqual([2, 2]);
    first.unsubscribe();
    second.unsubscribe();
  });
});
