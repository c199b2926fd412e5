// `npm test`: every test, in stages. The parts of a stage run side by side (their output is printed
// whole when each ends, so it never interleaves); a stage starts once the one before passed. Prints
// how long each part and stage took, so a slow CI run says where its time went.
import { spawn } from "node:child_process";

const npm = (script) => ["npm", ["run", "--silent", script]];
/** At a lower CPU priority: it takes the CPU the process suites leave while they wait on claude and git. */
const niced = ([bin, args]) => ["nice", ["-n", "10", bin, ...args]];
const vitestProcessSuites = [
  "npx",
  [
    "vitest",
    "run",
    ...["integration", "security", "faults", "integration-pg", "security-pg", "faults-pg", "team"].flatMap((name) => [
      "--project",
      name,
    ]),
    "--maxWorkers=2",
  ],
];

/**
 * On two cores only waiting can be shared: the unit tests (one worker per core) and the build use the CPU
 * whole, so they run alone; the process suites mostly wait on claude, git and the mock model (one vitest
 * run keeps both workers busy from the first file to the last), so the typecheck and lint run beside them
 * at a lower priority.
 */
const STAGES = [
  { name: "unit tests", parts: [npm("test:unit")] },
  { name: "the web app's build", parts: [["node", ["scripts/ensure-build.mjs"]]] },
  {
    name: "integration, security, faults, PostgreSQL and team suites, typecheck and lint",
    parts: [vitestProcessSuites, niced(npm("typecheck")), niced(npm("lint"))],
  },
  { name: "browser tests", parts: [npm("test:e2e")] },
];

function runPart([bin, args]) {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], shell: false, env: process.env });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${bin}: ${error.message}\n`)));
    child.on("close", (code, signal) => {
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      process.stdout.write(Buffer.concat(output));
      const label = `${bin} ${args.join(" ")}`;
      console.log(`[test] ${code === 0 ? "passed" : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s: ${label}`);
      resolve({ label, code: code ?? 1, seconds });
    });
  });
}

const startedAt = Date.now();
const timings = [];
for (const stage of STAGES) {
  const stageStartedAt = Date.now();
  console.log(`[test] ${stage.name}…`);
  const results = await Promise.all(stage.parts.map(runPart));
  const seconds = Math.round((Date.now() - stageStartedAt) / 1000);
  timings.push(`${stage.name}: ${seconds} s`);
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length > 0) {
    console.log(
      `[test] stopped: ${failed.map((result) => result.label).join("; ")} failed.\n[test] ${timings.join(" · ")}`,
    );
    process.exit(1);
  }
}
console.log(`[test] all passed in ${Math.round((Date.now() - startedAt) / 1000)} s: ${timings.join(" · ")}`);
