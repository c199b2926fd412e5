import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configEnvSchema } from "./arbor-config.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const SOURCE_ROOTS = ["lib", "server", "app", "components", "scripts", "next.config.ts", "playwright.config.ts"];

function sourceFiles(target: string): string[] {
  const full = path.join(root, target);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((name) =>
    name.startsWith("generated") || name === "node_modules" ? [] : sourceFiles(path.join(target, name)),
  );
}

describe("configuration variables", () => {
  const schemaNames = Object.keys(configEnvSchema.shape);

  it("are read only through the validated configuration (every name the code reads is in the schema)", () => {
    const read = new Set<string>();
    for (const file of SOURCE_ROOTS.flatMap(sourceFiles)) {
      if (!/\.(ts|tsx|mjs)$/.test(file) || file.endsWith(".test.ts")) continue;
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\])/g)) {
        read.add(match[1] ?? match[2]!);
      }
    }
    // The system's own variables: PATH (where programs are found) and HOME; and NODE_ENV, which
    // Next.js replaces with a constant when it builds browser code (not configuration: it is not read at run time).
    read.delete("PATH");
    read.delete("NODE_ENV");
    expect([...read].filter((name) => !schemaNames.includes(name))).toEqual([]);
  });

  it("are all documented in the README's configuration table", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const table = readme.slice(
      readme.indexOf("## Configuration"),
      readme.indexOf("\n## ", readme.indexOf("## Configuration") + 5),
    );
    const undocumented = schemaNames.filter((name) => name !== "HOME" && !table.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
