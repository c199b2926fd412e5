import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "@/tests/support/source-files.ts";
import { defineAttachedState } from "./attached-state.ts";

const root = path.resolve(import.meta.dirname, "..", "..");

describe("state attached to a shared object", () => {
  it("is one value per object across separately loaded copies of a module, and none between objects", () => {
    let created = 0;
    const first = defineAttachedState("test.copies", () => ({ copy: ++created }));
    const second = defineAttachedState("test.copies", () => ({ copy: ++created }));
    const client = {};
    const other = {};
    expect(first.peek(client)).toBeUndefined();
    expect(second.get(client)).toBe(first.get(client));
    expect(created).toBe(1);
    expect(first.get(other)).not.toBe(first.get(client));
    expect(created).toBe(2);
    expect(Object.keys(client)).toEqual([]);
  });

  it("is defined once per name in lib/ and server/", () => {
    const names: string[] = [];
    for (const file of [...sourceFiles(path.join(root, "lib")), ...sourceFiles(path.join(root, "server"))]) {
      for (const match of readFileSync(file, "utf8").matchAll(/defineAttachedState(?:<[^(]*>)?\(\s*"([\w.-]+)"/g)) {
        names.push(match[1]!);
      }
    }
    expect(names.length).toBeGreaterThanOrEqual(4);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
