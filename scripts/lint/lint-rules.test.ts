import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { afterEach, describe, expect, it } from "vitest";
import { arborPlugin } from "./plugin.mjs";

let root = "";

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Lints a throw-away project tree with only Arbor's two layering rules on. */
async function lintTree(files: Record<string, string>) {
  root = mkdtempSync(path.join(os.tmpdir(), "arbor-lint-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts", "**/*.tsx"],
        languageOptions: { parser: tseslint.parser },
        plugins: { arbor: arborPlugin },
        rules: { "arbor/no-folder-cycles": "error", "arbor/components-import-pure-lib": "error" },
      },
    ],
  });
  const results = await eslint.lintFiles(["."]);
  return results.flatMap((result) =>
    result.messages.map((message) => ({
      file: path.relative(root, result.filePath),
      rule: message.ruleId,
      text: message.message,
    })),
  );
}

describe("arbor/no-folder-cycles", () => {
  it("reports both imports of a cycle between lib folders, naming the way back", async () => {
    const problems = await lintTree({
      "lib/chat/send.ts": 'import { plan } from "@/lib/plans/plan.ts";\nexport const send = plan;\n',
      "lib/plans/plan.ts": 'import { helper } from "@/lib/chat/helper.ts";\nexport const plan = helper;\n',
      "lib/chat/helper.ts": "export const helper = 1;\n",
    });
    expect(problems.map((problem) => problem.file).sort()).toEqual(["lib/chat/send.ts", "lib/plans/plan.ts"]);
    expect(problems[0]!.text).toMatch(/closes a folder cycle \(lib\/\w+ → lib\/\w+\)/);
  });

  it("accepts imports that point one way, and imports inside a folder", async () => {
    const problems = await lintTree({
      "lib/chat/send.ts":
        'import { plan } from "@/lib/plans/plan.ts";\nimport { x } from "./x.ts";\nexport const send = [plan, x];\n',
      "lib/chat/x.ts": "export const x = 1;\n",
      "lib/plans/plan.ts": 'import { errors } from "@/lib/errors/errors.ts";\nexport const plan = errors;\n',
      "lib/errors/errors.ts": "export const errors = 1;\n",
    });
    expect(problems).toEqual([]);
  });
});

describe("arbor/components-import-pure-lib", () => {
  it("refuses a lib module that loads a Node builtin or Prisma, even through another module, and node: itself", async () => {
    const problems = await lintTree({
      "components/Page.tsx":
        'import { read } from "@/lib/files/read.ts";\nimport { pure } from "@/lib/text/pure.ts";\nimport os from "node:os";\nexport const page = [read, pure, os];\n',
      "lib/files/read.ts": 'import { disk } from "./disk.ts";\nexport const read = disk;\n',
      "lib/files/disk.ts": 'import { readFileSync } from "node:fs";\nexport const disk = readFileSync;\n',
      "lib/text/pure.ts": 'import type { Db } from "@/lib/db/client.ts";\nexport const pure = (db?: Db) => db;\n',
      "lib/db/client.ts": 'import { PrismaClient } from "@prisma/client";\nexport type Db = PrismaClient;\n',
    });
    expect(problems.map((problem) => problem.text)).toEqual([
      expect.stringMatching(/lib\/files\/read\.ts loads lib\/files\/disk\.ts → node:fs/),
      expect.stringMatching(/'node:os' is server-only/),
    ]);
  });
});
