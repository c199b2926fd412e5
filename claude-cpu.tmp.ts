import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startMockAnthropic } from "@/tests/support/mock-anthropic/index.ts";
const mock = await startMockAnthropic({});
const home = mkdtempSync(path.join(os.tmpdir(), "cc-"));
for (let i = 0; i < 3; i++) {
  const t = process.hrtime.bigint();
  const r = spawnSync("/usr/bin/time", ["-f", "%e wall %U user %S sys", "node_modules/.bin/claude", "-p", "hi", "--output-format", "stream-json", "--verbose"], {
    env: { PATH: process.env.PATH, HOME: home, CLAUDE_CONFIG_DIR: path.join(home, ".claude"), ANTHROPIC_BASE_URL: mock.url, ANTHROPIC_API_KEY: "sk-test" },
    encoding: "utf8",
  });
  console.log(r.stderr.trim().split("\n").at(-1), Number(process.hrtime.bigint() - t) / 1e6);
}
await mock.close();
