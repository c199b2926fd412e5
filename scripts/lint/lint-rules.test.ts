import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterEach, describe, expect, it } from "vitest";
import { chatReachesRoomsByPorts } from "./chat-reaches-rooms-by-ports.mjs";
import { arborPlugin } from "./plugin.mjs";

let root = "";

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Lints a throw-away project tree with only Arbor's layering rules on (and `extra` config blocks). */
async function lintTree(files: Record<string, string>, extra: Linter.Config[] = []) {
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
        rules: {
          "arbor/no-file-cycles": "error",
          "arbor/no-folder-cycles": "error",
          "arbor/components-import-pure-lib": "error",
        },
      },
      { plugins: { "@typescript-eslint": tseslint.plugin } },
      ...extra,
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

  it("reports a cycle between two rooms of one domain", async () => {
    const problems = await lintTree({
      "lib/worktrees/tidy/tidy-up.ts":
        'import { remove } from "@/lib/worktrees/remove/remove.ts";\nexport const tidy = remove;\n',
      "lib/worktrees/tidy/plan.ts": "export const plan = 1;\n",
      "lib/worktrees/remove/remove.ts": 'import { blockers } from "./blockers.ts";\nexport const remove = blockers;\n',
      "lib/worktrees/remove/blockers.ts":
        'import { plan } from "@/lib/worktrees/tidy/plan.ts";\nexport const blockers = plan;\n',
    });
    expect(problems.map((problem) => problem.file).sort()).toEqual([
      "lib/worktrees/remove/blockers.ts",
      "lib/worktrees/tidy/tidy-up.ts",
    ]);
    expect(problems.map((problem) => problem.text)).toContainEqual(
      expect.stringContaining(
        "lib/worktrees/tidy → lib/worktrees/remove closes a folder cycle (lib/worktrees/remove → lib/worktrees/tidy)",
      ),
    );
  });

  it("reports a domain's shared core importing one of its rooms that imports the core", async () => {
    const problems = await lintTree({
      "lib/worktrees/types.ts": 'import { land } from "@/lib/worktrees/land/land.ts";\nexport const types = land;\n',
      "lib/worktrees/land/land.ts":
        'import type { Db } from "@/lib/worktrees/db.ts";\nexport const land = (db?: Db) => db;\n',
      "lib/worktrees/db.ts": 'import { types } from "./types.ts";\nexport type Db = typeof types;\n',
    });
    expect(problems.map((problem) => problem.file).sort()).toEqual([
      "lib/worktrees/land/land.ts",
      "lib/worktrees/types.ts",
    ]);
  });

  it("keeps domains layered when the two imports come from different rooms", async () => {
    const problems = await lintTree({
      "lib/chat/runs/run.ts": 'import { plan } from "@/lib/plans/plan.ts";\nexport const run = plan;\n',
      "lib/plans/plan.ts": 'import { list } from "@/lib/chat/sessions/list.ts";\nexport const plan = list;\n',
      "lib/chat/sessions/list.ts": "export const list = 1;\n",
    });
    expect(problems.map((problem) => problem.file).sort()).toEqual(["lib/chat/runs/run.ts", "lib/plans/plan.ts"]);
    expect(problems.map((problem) => problem.text)).toContainEqual(
      expect.stringContaining("lib/chat → lib/plans closes a folder cycle (lib/plans → lib/chat)"),
    );
  });

  it("accepts rooms that import their domain's core and one another one way", async () => {
    const problems = await lintTree({
      "lib/worktrees/tidy/tidy-up.ts":
        'import { remove } from "@/lib/worktrees/remove/remove.ts";\nimport { types } from "@/lib/worktrees/types.ts";\nexport const tidy = [remove, types];\n',
      "lib/worktrees/remove/remove.ts":
        'import { types } from "@/lib/worktrees/types.ts";\nexport const remove = types;\n',
      "lib/worktrees/types.ts": "export const types = 1;\n",
    });
    expect(problems).toEqual([]);
  });
});

describe("arbor/no-file-cycles", () => {
  it("reports every import of a cycle inside one folder, with the route back", async () => {
    const problems = await lintTree({
      "lib/chat/a.ts": 'import { b } from "./b.ts";\nexport const a = () => b;\n',
      "lib/chat/b.ts": 'import { c } from "./c.ts";\nexport const b = () => c;\n',
      "lib/chat/c.ts": 'import {\n  a,\n} from "@/lib/chat/a.ts";\nexport const c = () => a;\n',
      "lib/chat/d.ts": 'import { a } from "./a.ts";\nexport const d = a;\n',
    });
    const cycles = problems.filter((problem) => problem.rule === "arbor/no-file-cycles");
    expect(cycles.map((problem) => problem.file).sort()).toEqual(["lib/chat/a.ts", "lib/chat/b.ts", "lib/chat/c.ts"]);
    expect(cycles.find((problem) => problem.file === "lib/chat/a.ts")!.text).toContain(
      "(lib/chat/a.ts → lib/chat/b.ts → lib/chat/c.ts → lib/chat/a.ts)",
    );
  });

  it("lets `import type` and dynamic-free one-way imports through", async () => {
    const problems = await lintTree({
      "lib/chat/a.ts": 'import { b } from "./b.ts";\nexport type A = { b: typeof b };\n',
      "lib/chat/b.ts": 'import type { A } from "./a.ts";\nexport const b = (a?: A) => a;\n',
      "server/main.ts": 'import { b } from "@/lib/chat/b.ts";\nexport const main = b;\n',
    });
    expect(problems).toEqual([]);
  });

  it("counts a dynamic import as an edge", async () => {
    const problems = await lintTree({
      "server/a.ts": 'export const load = () => import("./b.ts");\n',
      "server/b.ts": 'import { load } from "./a.ts";\nexport const b = load;\n',
    });
    expect(problems.map((problem) => [problem.file, problem.rule]).sort()).toEqual([
      ["server/a.ts", "arbor/no-file-cycles"],
      ["server/b.ts", "arbor/no-file-cycles"],
    ]);
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

describe("lib/chat reaches the rooms it coordinates through ports (eslint.config.mjs)", () => {
  it("refuses lib/chat a room's code, lets its port's type and the other domains through", async () => {
    const problems = await lintTree(
      {
        "lib/chat/run.ts": [
          'import type { LedgerPort } from "@/lib/ledger/ledger-port.ts";',
          'import { type ChecksPort } from "@/lib/checks/run/checks-port.ts";',
          'import { captureFromMessage } from "@/lib/ledger/capture-from-message.ts";',
          'import { scheduleWorktreeChecks } from "@/lib/checks/run/schedule-checks.ts";',
          'import { readSettings } from "@/lib/settings/settings-store.ts";',
          "export const run = (ledger: LedgerPort, checks: ChecksPort) => [ledger, checks, captureFromMessage, scheduleWorktreeChecks, readSettings];",
          "",
        ].join("\n"),
        "lib/chat/run.test.ts":
          'import { captureFromMessage } from "@/lib/ledger/capture-from-message.ts";\nexport const t = captureFromMessage;\n',
        "lib/worktrees/land.ts":
          'import { captureFromMessage } from "@/lib/ledger/capture-from-message.ts";\nexport const land = captureFromMessage;\n',
      },
      [chatReachesRoomsByPorts],
    );
    expect(problems.map((problem) => [problem.file, problem.text.match(/'(.+?)'/)?.[1]])).toEqual([
      ["lib/chat/run.ts", "@/lib/ledger/capture-from-message.ts"],
      ["lib/chat/run.ts", "@/lib/checks/run/schedule-checks.ts"],
    ]);
  });
});
