import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "@/tests/support/source-files.ts";
import { defineProcessState, PROCESS_STATE } from "./process-state.ts";

const root = path.resolve(import.meta.dirname, "..", "..");

describe("process state registry", () => {
  it("lists every slot the code defines, each defined once, in the module the list names", () => {
    const definitions = new Map<string, string[]>();
    for (const file of [...sourceFiles(path.join(root, "lib")), ...sourceFiles(path.join(root, "server"))]) {
      for (const match of readFileSync(file, "utf8").matchAll(/defineProcessState(?:<[^(]*>)?\(\s*"([\w-]+)"/g)) {
        definitions.set(match[1]!, [...(definitions.get(match[1]!) ?? []), path.relative(root, file)]);
      }
    }
    expect([...definitions.keys()].sort()).toEqual(Object.keys(PROCESS_STATE).sort());
    for (const [key, files] of definitions) {
      expect(files, key).toHaveLength(1);
      expect(PROCESS_STATE[key as keyof typeof PROCESS_STATE].startsWith(`${files[0]}:`), key).toBe(true);
    }
  });

  it("shares one value per key across separately loaded copies of a module", () => {
    let created = 0;
    const first = defineProcessState("eventLoopDelay", () => ({ copy: ++created }));
    const second = defineProcessState("eventLoopDelay", () => ({ copy: ++created }));
    first.reset();
    expect(first.peek()).toBeUndefined();
    expect(second.get()).toBe(first.get());
    expect(created).toBe(1);
    first.replace({ copy: 42 });
    expect(second.get().copy).toBe(42);
    second.reset();
  });
});
