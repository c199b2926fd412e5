// "Import history" at size: a generated Claude config folder (2,000 session files, ~1 GB, sizes from
// 1 KB to 300 MB, subagents, cut and non-UTF-8 lines) imported through the API the button uses, against
// a bare streaming read of the same bytes (split lines + JSON.parse) in a child process, in the same run.
// IMPORT_BENCH_MB=100 runs it at a tenth of the size; IMPORT_BENCH_PROFILE=<dir> writes the server's CPU profile there. The folder is generated once per version and size.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { projectSlugForPath } from "@/lib/hook-events/project-slug.ts";
import type { HookImportBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import {
  importHistoryToEnd,
  waitForImport,
  writeSessionFile,
  type SessionSpec,
} from "@/tests/support/history-folder.ts";
import { createPinnedRepo } from "@/tests/support/pinned-repo.ts";
import { readRows } from "@/tests/support/read-rows.ts";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";
import { round } from "./stats.ts";

const GENERATOR_VERSION = 1;
const FILES = 2000;
/** How often the bench asks for the import's progress (a browser gets it pushed instead). */
const POLL_MS = 100;

export interface ImportBenchResult {
  files: number;
  megabytes: number;
  importSeconds: number;
  importMBps: number;
  baselineSeconds: number;
  baselineMBps: number;
  /** Import throughput / bare read throughput (target ≥ 0.5). */
  ratio: number;
  rssBeforeMB: number;
  rssPeakGrowthMB: number;
  relays: number;
  malformedLines: number;
  reimportMs: number;
  reimportUnchanged: number;
  /** Bytes the server read (rchar of /proc/<pid>/io) during the re-import. */
  reimportBytesRead: number;
  /** One fs.stat per file, sequentially, in this process. */
  statBaselineMs: number;
  resumedRelays: number;
  resumedDistinct: number;
  resumeKilledAtMB: number;
}

/** The size of each file: a few very big ones, a tail of small ones (a skewed distribution). */
function planSpecs(totalBytes: number): SessionSpec[] {
  const big = [0.3, 0.12, 0.08, 0.05, 0.04, 0.03].map((share) => share * totalBytes);
  const medium = Array.from({ length: 40 }, () => (0.2 * totalBytes) / 40);
  const smallCount = FILES - big.length - medium.length;
  const smallBudget = totalBytes - [...big, ...medium].reduce((a, b) => a + b, 0);
  // Geometric sizes from 1 KB up, scaled so the small files share what is left.
  const weights = Array.from({ length: smallCount }, (_, index) => Math.pow(1.004, index));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const small = weights.map((weight) => Math.max(1024, (weight / weightSum) * smallBudget));
  const sizes = [...big, ...medium, ...small];
  return sizes.map((bytes, index) => {
    const isSubagent = index % 10 === 9;
    const sessionId = `bench-${String(isSubagent ? index - 1 : index).padStart(5, "0")}`;
    return {
      sessionId,
      bytes: Math.round(bytes),
      ...(isSubagent ? { agentId: `a${index}` } : {}),
      ...(index % 100 === 7 ? { isTruncated: true } : {}),
      ...(index % 100 === 13 ? { hasInvalidUtf8: true } : {}),
    };
  });
}

/** The generated folder (cached under the temp dir by version and size) and its relays. */
function generatedHistory(totalBytes: number): { folder: string; relays: number } {
  const root = path.join(os.tmpdir(), `arbor-import-bench-v${GENERATOR_VERSION}-${Math.round(totalBytes / 1e6)}mb`);
  const marker = path.join(root, "done.json");
  if (existsSync(marker)) return JSON.parse(readFileSync(marker, "utf8")) as { folder: string; relays: number };
  rmSync(root, { recursive: true, force: true });
  const folder = path.join(root, "history");
  mkdirSync(folder, { recursive: true });
  const started = Date.now();
  const relays = planSpecs(totalBytes).reduce((sum, spec) => sum + writeSessionFile(folder, spec), 0);
  console.log(`  (generated ${folder} in ${round((Date.now() - started) / 1000)} s)`);
  writeFileSync(marker, JSON.stringify({ folder, relays }));
  return { folder, relays };
}

/** Every session file under the folder (subagents included). */
function listFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".jsonl"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The baseline: read every file in 4 MB chunks, split lines, JSON.parse each (a child node process). */
const BARE_READ = `
const fs = require("node:fs");
const files = JSON.parse(process.argv[1]);
let lines = 0, bad = 0, bytes = 0;
const started = process.hrtime.bigint();
const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
for (const file of files) {
  const fd = fs.openSync(file, "r");
  let carry = "";
  for (;;) {
    const n = fs.readSync(fd, buffer, 0, buffer.length, null);
    if (n === 0) break;
    bytes += n;
    const text = carry + buffer.toString("utf8", 0, n);
    let start = 0;
    for (let nl = text.indexOf("\\n"); nl !== -1; nl = text.indexOf("\\n", start)) {
      try { JSON.parse(text.slice(start, nl)); lines++; } catch { bad++; }
      start = nl + 1;
    }
    carry = text.slice(start);
  }
  if (carry) { try { JSON.parse(carry); lines++; } catch { bad++; } }
  fs.closeSync(fd);
}
console.log(JSON.stringify({ seconds: Number(process.hrtime.bigint() - started) / 1e9, lines, bad, bytes }));
`;

function rssMB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

const readChars = (pid: number) => Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? 0);

/** A pinned repository with one worktree whose Claude project folder is the generated history. */
async function worktreeOn(arbor: () => RunningArbor, configDir: string, folder: string) {
  const repo = await createPinnedRepo(arbor);
  const worktreePath = await repo.addWorktree("bench");
  const projects = path.join(configDir, "projects");
  mkdirSync(projects, { recursive: true });
  symlinkSync(folder, path.join(projects, projectSlugForPath(realpathSync(worktreePath))));
  return { repo, input: { repoId: repo.repoId, worktreePath } };
}

export async function runImportBench(): Promise<ImportBenchResult> {
  const megabytes = Number(process.env.IMPORT_BENCH_MB ?? 1000);
  const { folder, relays: generatedRelays } = generatedHistory(megabytes * 1e6);
  const files = listFiles(folder);
  const totalBytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const configDir = mkdtempSync(path.join(os.tmpdir(), "arbor-import-bench-config-"));

  // Baseline first, so both read the files from the page cache (the generation or an earlier run warmed it).
  const bare = JSON.parse(
    execFileSync(process.execPath, ["-e", BARE_READ, JSON.stringify(files)], { maxBuffer: 1 << 20 }).toString(),
  ) as { seconds: number; bytes: number };

  // A clean import: throughput and RSS.
  const profileDir = process.env.IMPORT_BENCH_PROFILE;
  const arbor = await startArbor({
    env: { CLAUDE_CONFIG_DIR: configDir },
    ...(profileDir ? { nodeArgs: ["--cpu-prof", "--cpu-prof-dir", profileDir] } : {}),
  });
  const { repo, input } = await worktreeOn(() => arbor, configDir, folder);
  const pid = arbor.child.pid!;
  const rssBefore = rssMB(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMB(pid))), 100);
  const started = performance.now();
  const job = await importHistoryToEnd(arbor, input, POLL_MS).catch((error: unknown) => {
    throw new Error(
      `the import failed: ${(error as Error).message} (server exit ${arbor.child.exitCode} ${arbor.child.signalCode}); the server printed:\n${arbor.output().slice(-3000)}`,
    );
  });
  const importSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, rssMB(pid));
  if (job.status !== "finished" || job.errors.length > 0) throw new Error(`import ended ${JSON.stringify(job)}`);

  // Re-import of the unchanged files, against one stat per file.
  const readBefore = readChars(pid);
  const reimportStarted = performance.now();
  const again = await importHistoryToEnd(arbor, input, POLL_MS);
  const reimportMs = performance.now() - reimportStarted;
  const reimportBytesRead = readChars(pid) - readBefore;
  const statStarted = performance.now();
  for (const file of files) await stat(file);
  const statBaselineMs = performance.now() - statStarted;
  const cleanRelays = await countRelays(arbor.dataDir, input.worktreePath);
  await arbor.stop();
  removeDataDir(arbor.dataDir);
  await repo.remove();

  const resume = await resumeCheck(configDir, folder, totalBytes);
  rmSync(configDir, { recursive: true, force: true });
  if (cleanRelays.rows !== generatedRelays)
    console.log(`  (warning: ${cleanRelays.rows} relays stored, the generator wrote ${generatedRelays})`);
  const mb = totalBytes / 1e6;
  return {
    files: files.length,
    megabytes: round(mb),
    importSeconds: round(importSeconds),
    importMBps: round(mb / importSeconds),
    baselineSeconds: round(bare.seconds),
    baselineMBps: round(mb / bare.seconds),
    ratio: round(bare.seconds / importSeconds, 3),
    rssBeforeMB: round(rssBefore),
    rssPeakGrowthMB: round(rssPeak - rssBefore),
    relays: cleanRelays.rows,
    malformedLines: job.malformedLines,
    reimportMs: round(reimportMs),
    reimportUnchanged: again.filesUnchanged,
    reimportBytesRead,
    statBaselineMs: round(statBaselineMs),
    resumedRelays: resume.rows,
    resumedDistinct: resume.distinct,
    resumeKilledAtMB: resume.killedAtMB,
  };
}

async function countRelays(dataDir: string, worktreePath: string) {
  const [row] = await readRows(
    dataDir,
    "SELECT COUNT(*) AS n, COUNT(DISTINCT session_id || ' ' || start_uuid) AS d FROM transcript_relays WHERE worktree_path = ?",
    [worktreePath],
  );
  return { rows: Number(row!.n), distinct: Number(row!.d) };
}

/** Kill -9 a server held still about a third into the import, restart it, import again: count the relays. */
async function resumeCheck(configDir: string, folder: string, totalBytes: number) {
  const chunkBytes = 4 * 1024 * 1024;
  const pauseAfter = Math.max(2, Math.round(totalBytes / 3 / chunkBytes));
  const paused = await startArbor({
    env: { CLAUDE_CONFIG_DIR: configDir, ARBOR_TEST_HISTORY_IMPORT_PAUSE_AFTER_CHUNKS: String(pauseAfter) },
  });
  let current = paused;
  const projectsFolder = path.join(configDir, "projects");
  rmSync(projectsFolder, { recursive: true, force: true });
  const { repo, input } = await worktreeOn(() => current, configDir, folder);
  await callApi<HookImportBody>(paused, "/api/hooks/import", { body: input });
  // The reader threads take the biggest files first: at least half of the first chunks are whole 4 MB ones.
  const held = await waitForImport(paused, input, (job) => job.bytesDone >= (pauseAfter / 2) * chunkBytes, POLL_MS);
  await paused.kill9();
  const restarted = await startArbor({ dataDir: paused.dataDir, env: { CLAUDE_CONFIG_DIR: configDir } });
  current = restarted;
  const job = await importHistoryToEnd(restarted, input, POLL_MS);
  if (job.status !== "finished") throw new Error(`resumed import ended ${JSON.stringify(job)}`);
  const counts = await countRelays(restarted.dataDir, input.worktreePath);
  await restarted.stop();
  removeDataDir(restarted.dataDir);
  await repo.remove();
  return { ...counts, killedAtMB: round(held.bytesDone / 1e6) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runImportBench());
}
