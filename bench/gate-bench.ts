import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ErrorBody } from "@/lib/errors/error-body.ts";
import type { LandResult } from "@/lib/worktrees/worktree-types.ts";
import { callApi, pinRepo, trustRepo } from "@/tests/support/call-api.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";
import { removeDataDir, startArbor } from "@/tests/support/start-arbor.ts";
import { timeMs } from "./branch-repo.ts";
import { reportLine } from "./report-line.ts";
import { median, round } from "./stats.ts";

export interface GateBenchResult {
  /** How long the check sleeps (T). */
  checkSeconds: number;
  misses: number;
  hits: number;
  /** The check's command run straight through `sh -c` at niceness 10, as the gate runs it: T plus node's start. */
  checkMedianMs: number;
  /** POST /api/worktrees/land (merge) of a branch whose merge was never tested: the check runs. */
  landMedianMs: number;
  /** Median of (land − the check alone) over pairs measured side by side: what the gate adds. */
  overheadMs: number;
  /** The same land again onto the same base (the base reset): the same tree, answered from the cache. */
  cacheHitMedianMs: number;
  /** The same land with no check configured: the land without any gate. */
  noGateMedianMs: number;
  /** Median of (cache hit − no gate) over pairs: what a cache hit costs. */
  cacheHitCostMs: number;
}

/**
 * The merge gate's overhead through the real server: a branch whose check is a node script
 * sleeping T seconds is landed (time from the request to the merged answer) against the same
 * command run directly; then the base is reset and the same branch landed again (the same merge
 * tree, so the check is answered from the cache) against the same land with no check configured.
 */
export async function runGateBench({
  checkSeconds = 2,
  misses = 5,
  hitsPerMiss = 6,
}: { checkSeconds?: number; misses?: number; hitsPerMiss?: number } = {}): Promise<GateBenchResult> {
  const arbor = await startArbor();
  const fixture = await createFixtureRoot();
  try {
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
    const git = async (cwd: string, ...args: string[]) => (await runFixtureGit({ cwd, args })).trim();
    await git(mainPath, "config", "user.name", "Arbor Bench");
    await git(mainPath, "config", "user.email", "bench@arbor.invalid");
    const repoId = await pinRepo(arbor, mainPath);
    await trustRepo(arbor, repoId);
    const script = path.join(fixture.root, "sleep-check.mjs");
    writeFileSync(script, "setTimeout(() => {}, Number(process.argv[2]) * 1000);\n");
    const command = `'${process.execPath}' '${script}' ${checkSeconds}`;
    const setChecks = async (checks: unknown[]) => {
      const saved = await callApi(arbor, `/api/repos/${repoId}/settings`, { method: "PUT", body: { checks } });
      if (saved.status !== 200) throw new Error(`saving the checks answered ${saved.status}`);
    };
    const land = async (worktreePath: string, expected: "ran" | "cached" | "not_run") => {
      const answer = await callApi<LandResult & ErrorBody>(arbor, "/api/worktrees/land", {
        body: { repoId, worktreePath, method: "merge" },
      });
      const gate = answer.body.gate;
      const got = gate?.status === "not_run" ? "not_run" : gate?.checks[0]?.cached ? "cached" : "ran";
      if (answer.status !== 200 || got !== expected)
        throw new Error(`land answered ${answer.status} (${got}, wanted ${expected}): ${JSON.stringify(answer.body)}`);
    };
    const runCheck = () =>
      new Promise<void>((resolve, reject) =>
        // At the gate's niceness (run-check-command.ts): on a busy machine a niced check waits its turn too.
        spawn("nice", ["-n", "10", "/bin/sh", "-c", command], { stdio: "ignore" })
          .on("error", reject)
          .on("exit", () => resolve()),
      );

    const checkTimes: number[] = [];
    const landTimes: number[] = [];
    const hitTimes: number[] = [];
    const noGateTimes: number[] = [];
    for (let round = 0; round < misses; round += 1) {
      const worktreePath = path.join(fixture.root, `gate-${round}`);
      await addWorktree({ mainPath, path: worktreePath, branch: `feat/gate-${round}` });
      writeFileSync(path.join(worktreePath, `gate-${round}.txt`), `${round}\n`);
      await git(worktreePath, "add", ".");
      await git(worktreePath, "commit", "-q", "-m", `gate ${round}`);
      const before = await git(mainPath, "rev-parse", "HEAD");
      await setChecks([{ name: "sleep", command, timeoutSeconds: 60 }]);
      checkTimes.push(await timeMs(runCheck));
      landTimes.push(await timeMs(() => land(worktreePath, "ran")));
      for (let hit = 0; hit < hitsPerMiss; hit += 1) {
        // Back to the same base: the merge gives the same tree, whose check already passed.
        await git(mainPath, "reset", "-q", "--hard", before);
        hitTimes.push(await timeMs(() => land(worktreePath, "cached")));
        await git(mainPath, "reset", "-q", "--hard", before);
        await setChecks([]);
        noGateTimes.push(await timeMs(() => land(worktreePath, "not_run")));
        await setChecks([{ name: "sleep", command, timeoutSeconds: 60 }]);
      }
    }
    const pairs = (a: number[], b: number[]) => median(a.map((value, index) => value - b[index]!));
    return {
      checkSeconds,
      misses,
      hits: hitTimes.length,
      checkMedianMs: round(median(checkTimes), 1),
      landMedianMs: round(median(landTimes), 1),
      overheadMs: round(pairs(landTimes, checkTimes), 1),
      cacheHitMedianMs: round(median(hitTimes), 1),
      noGateMedianMs: round(median(noGateTimes), 1),
      cacheHitCostMs: round(pairs(hitTimes, noGateTimes), 1),
    };
  } finally {
    await arbor.stop();
    removeDataDir(arbor.dataDir);
    await removeGitFixture(fixture);
  }
}

/** The gate's figures against their baselines and targets, as `npm run bench` prints them. */
export function reportGateBench(gate: GateBenchResult): void {
  console.log(
    `\nMerge gate (a check that sleeps ${gate.checkSeconds} s, through POST /api/worktrees/land; ${gate.misses} lands, ${gate.hits} cache hits; baseline = the check's command run alone, and the same land with no check)`,
  );
  reportLine(
    "  Land → merged median vs the check alone",
    `${gate.landMedianMs} ms vs ${gate.checkMedianMs} ms`,
    "",
    true,
  );
  reportLine(
    "  gate overhead (p50 of paired differences)",
    `${gate.overheadMs} ms (ratio ${round(gate.landMedianMs / gate.checkMedianMs, 2)})`,
    "<= T + 1 s",
    gate.overheadMs <= 1000,
  );
  reportLine(
    "  cache hit (same tree again) vs no gate",
    `${gate.cacheHitMedianMs} ms vs ${gate.noGateMedianMs} ms`,
    "",
    true,
  );
  reportLine(
    "  cost of a cache hit (p50 of paired differences)",
    `${gate.cacheHitCostMs} ms`,
    "<= 50 ms",
    gate.cacheHitCostMs <= 50,
  );
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) reportGateBench(await runGateBench());
