import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { queryKeys } from "./query-keys.ts";

const root = path.resolve(import.meta.dirname, "..", "..");

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (name === "generated") return [];
    if (statSync(path.join(root, relative)).isDirectory()) return sources(relative);
    if (!/\.tsx?$/.test(name) || name.endsWith(".test.ts")) return [];
    return [{ file: relative, text: readFileSync(path.join(root, relative), "utf8") }];
  });
}

const families = (files: { text: string }[], pattern: RegExp) =>
  new Set(files.flatMap(({ text }) => [...text.matchAll(pattern)].map((match) => match[1]!)));

describe("query keys shared by the browser and the server", () => {
  it("give every family its own first element", () => {
    // Members of another family on purpose, so one invalidation of the family reaches them too.
    const members = new Set(["unreadNotifications", "ledgerList", "ledgerEntry"]);
    const firsts = Object.entries(queryKeys)
      .filter(([name]) => !members.has(name))
      .map(([, make]) => (make as (...args: string[]) => readonly unknown[])("a", "b")[0]);
    expect(new Set(firsts).size).toBe(firsts.length);
    expect(queryKeys.unreadNotifications().slice(0, 1)).toEqual(queryKeys.notifications());
    expect(queryKeys.ledgerList("r", {}).slice(0, 2)).toEqual(queryKeys.ledger("r"));
    expect(queryKeys.ledgerEntry("r", 1).slice(0, 2)).toEqual(queryKeys.ledger("r"));
  });

  it("name, in every server invalidation, a family the browser queries", () => {
    const invalidated = families(sources("lib"), /type: "invalidate", queryKey: queryKeys\.(\w+)\(/g);
    const queried = families(sources("components"), /queryKey: queryKeys\.(\w+)\(/g);
    expect(invalidated.size).toBeGreaterThan(3);
    expect([...invalidated].filter((name) => !queried.has(name))).toEqual([]);
  });

  it("are never written as literals outside query-keys.ts", () => {
    const literal = /(queryKey|mutationKey): \[|(getQueryData|setQueryData|getQueriesData)(<[^>]*>)?\(\[/;
    const offenders = [...sources("lib"), ...sources("components"), ...sources("app")]
      .filter(({ file, text }) => file !== path.join("lib", "realtime", "query-keys.ts") && literal.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
