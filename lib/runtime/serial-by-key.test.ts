import { describe, expect, it } from "vitest";
import { runSerially, type SerialChains } from "./serial-by-key.ts";

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("runSerially", () => {
  it("starts work under one key only after the work before it settled, and keys apart at once", async () => {
    const chains: SerialChains = new Map();
    const started: string[] = [];
    const first = deferred<string>();
    const a1 = runSerially(chains, "a", () => {
      started.push("a1");
      return first.promise;
    });
    const a2 = runSerially(chains, "a", () => {
      started.push("a2");
      return Promise.resolve("a2 done");
    });
    const b1 = runSerially(chains, "b", () => {
      started.push("b1");
      return Promise.resolve("b1 done");
    });
    await b1;
    expect(started).toEqual(["a1", "b1"]);
    first.resolve("a1 done");
    expect(await a1).toBe("a1 done");
    expect(await a2).toBe("a2 done");
    expect(started).toEqual(["a1", "b1", "a2"]);
  });

  it("hands a failure to its own caller and still runs what was queued after it", async () => {
    const chains: SerialChains = new Map();
    const failing = runSerially(chains, "k", () => Promise.reject(new Error("broken")));
    const next = runSerially(chains, "k", () => Promise.resolve(42));
    await expect(failing).rejects.toThrow("broken");
    expect(await next).toBe(42);
  });

  it("keeps a key while its work runs and forgets it once the last work has ended", async () => {
    const chains: SerialChains = new Map();
    const gate = deferred<void>();
    const done = runSerially(chains, "k", () => gate.promise);
    expect(chains.has("k")).toBe(true);
    gate.resolve();
    await done;
    await chains.get("k");
    expect(chains.has("k")).toBe(false);
  });
});
