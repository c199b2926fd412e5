// Runs `prisma generate` once per database provider without letting the CLI try to download its
// native schema engine. Generation never executes the schema engine; PRISMA_SCHEMA_ENGINE_BINARY
// only stops the download check. It is set for these commands only, never globally, so
// `prisma migrate` keeps working on machines that do have internet access.
//
// prisma/schema.prisma (SQLite) is the single source: the PostgreSQL client is generated from the
// same text with only the provider and output swapped (lib/db/provider-schema.ts).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GENERATED_CLIENT_DIRS, schemaForProvider } from "@/lib/db/provider-schema.ts";
import type { DatabaseProvider } from "@/lib/db/database-url.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
let prismaBin: string;
try {
  prismaBin = require.resolve("prisma/build/index.js", { paths: [root] });
} catch {
  console.log("[arbor] prisma CLI not installed (production install?); skipping generate");
  process.exit(0);
}
const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
const schemaText = readFileSync(path.join(root, "prisma", "schema.prisma"), "utf8");
const scratch = mkdtempSync(path.join(os.tmpdir(), "arbor-generate-"));
try {
  for (const provider of ["sqlite", "postgresql"] as DatabaseProvider[]) generate(provider);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

function generate(provider: DatabaseProvider): void {
  const output = path.join(root, GENERATED_CLIENT_DIRS[provider]);
  const schemaPath = path.join(scratch, `schema.${provider}.prisma`);
  writeFileSync(schemaPath, schemaForProvider(schemaText, { provider, generatorOutput: output }));
  const result = spawnSync(process.execPath, [prismaBin, "generate", "--schema", schemaPath], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error(`[arbor] prisma generate failed (${provider})`);
    process.exit(result.status ?? 1);
  }
  if (!existsSync(path.join(output, "client.ts"))) {
    console.error(`[arbor] prisma generate produced no client at ${GENERATED_CLIENT_DIRS[provider]}`);
    process.exit(1);
  }
}
