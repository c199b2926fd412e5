import { describe, expect, it } from "vitest";
import { createCardStateStore } from "./card-state.ts";

describe("card state kept by approval id", () => {
  it("returns the initial value until written, then the written one, per approval and slot", () => {
    const store = createCardStateStore();
    expect(store.read("a1", "step", "choose")).toBe("choose");
    store.write("a1", "step", "deny");
    expect(store.read("a1", "step", "choose")).toBe("deny");
    expect(store.read("a2", "step", "choose")).toBe("choose");
    expect(store.read("a1", "text", "")).toBe("");
  });

  it("tells subscribers of a change, not of a write of the same value, and forgets an answered approval", () => {
    const store = createCardStateStore();
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.write("a1", "step", "deny");
    store.write("a1", "step", "deny");
    expect(calls).toBe(1);
    store.forget("a1");
    expect(calls).toBe(2);
    expect(store.read("a1", "step", "choose")).toBe("choose");
    store.forget("a1");
    expect(calls).toBe(2);
    stop();
    store.write("a1", "step", "always");
    expect(calls).toBe(2);
  });
});
