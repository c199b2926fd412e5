// Builds the Next app when there is no build yet or a source file changed since the last one,
// so `npm start` works on a fresh clone and stays fast afterwards (scripts/next-build/ensure-build.ts).
//   node scripts/ensure-build.mjs [--force]
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
const { ensureBuild } = await import("./next-build/ensure-build.ts");
process.exitCode = await ensureBuild({
  distRoot: process.env.ARBOR_NEXT_DIST ?? ".next",
  isForced: process.argv.includes("--force"),
  log: (line) => console.log(`[arbor] ${line}`),
});
