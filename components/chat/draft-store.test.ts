import { describe, expect, it } from "vitest";
import { createDraftStore, draftKey, type DraftStorage } from "./draft-store.ts";

function mapStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe("draft store", () => {
  it("keeps one draft per conversation and finds it again after a reload (a new store on the same storage)", () => {
    const storage = mapStorage();
    const store = createDraftStore(() => storage);
    store.write("a", "half a thought");
    store.write("b", "another");
    const reloaded = createDraftStore(() => storage);
    expect(reloaded.read("a")).toBe("half a thought");
    expect(reloaded.read("b")).toBe("another");
    expect(reloaded.read("c")).toBe("");
  });

  it("removes the key when the draft is emptied (sent)", () => {
    const storage = mapStorage();
    const store = createDraftStore(() => storage);
    store.write("a", "x");
    store.write("a", "");
    expect(storage.items.has(draftKey("a"))).toBe(false);
    expect(store.read("a")).toBe("");
  });

  it("still holds the draft in memory when storage throws (full or disabled)", () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const store = createDraftStore(() => broken);
    expect(store.read("a")).toBe("");
    store.write("a", "kept");
    expect(store.read("a")).toBe("kept");
  });

  it("reads another tab's write once the memory copy is forgotten", () => {
    const storage = mapStorage();
    const store = createDraftStore(() => storage);
    store.write("a", "mine");
    storage.items.set(draftKey("a"), "theirs");
    expect(store.read("a")).toBe("mine");
    store.forget(draftKey("a"));
    expect(store.read("a")).toBe("theirs");
  });
});
