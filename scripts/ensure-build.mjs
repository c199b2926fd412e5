// Builds the Next app when there is no build yet or a source file changed since the last one,
// so `npm start` works on a fresh clone and stays fast afterwards.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildHistoryReader } from "./build-history-reader.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const distDir = process.env.ARBOR_NEXT_DIST ?? ".next";
const buildId = path.join(root, distDir, "BUILD_ID");
const sources = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.ts",
  "postcss.config.mjs",
  "package.json",
  "tsconfig.json",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt > changedAt && !process.argv.includes("--force")) {
  // The reader threads' bundle is cheap (a few ms): rebuilt on every start, so it always matches lib/.
  await buildHistoryReader(distDir);
  process.exit(0);
}

console.log("[arbor] building the web app (first start or sources changed)…");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const result = spawnSync(process.execPath, [nextBin, "build"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
if (result.status === 0) await buildHistoryReader(distDir);
process.exit(result.status ?? 1);
