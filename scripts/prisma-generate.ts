// Runs `prisma generate` without letting the CLI try to download its native schema engine.
// Generation never executes the schema engine; PRISMA_SCHEMA_ENGINE_BINARY only stops the
// download check. It is set for this one command, never globally, so `prisma migrate` keeps
// working on machines that do have internet access.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
let prismaBin;
try {
  prismaBin = require.resolve("prisma/build/index.js", { paths: [root] });
} catch {
  console.log("[arbor] prisma CLI not installed (production install?); skipping generate");
  process.exit(0);
}
const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
const result = spawnSync(process.execPath, [prismaBin, "generate"], { cwd: root, env, stdio: "inherit" });
if (result.status !== 0) {
  console.error("[arbor] prisma generate failed");
  process.exit(result.status ?? 1);
}
if (!existsSync(new URL("../lib/db/generated/client.ts", import.meta.url))) {
  console.error("[arbor] prisma generate produced no client at lib/db/generated");
  process.exit(1);
}
