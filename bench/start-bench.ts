// A server start from the build's bundle (server/launch.mjs, what `npm start` runs) against the same
// start loading the TypeScript through tsx (server/main.ts): wall time until the sign-in link is printed
// and the server process's CPU time by then, alternating the two so a noisy machine weighs on both alike.
import { readFileSync } from "node:fs";
import { removeDataDir, startArbor } from "@/tests/support/start-arbor.ts";
import { median, round } from "./stats.ts";
import { reportLine } from "./report-line.ts";

interface StartFigures {
  wallMs: number;
  cpuMs: number;
}

/** CPU time (user + system) a process used so far, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function timeStart(fromSources: boolean): Promise<StartFigures> {
  const startedAt = performance.now();
  const arbor = await startArbor({ fromSources });
  const figures = { wallMs: performance.now() - startedAt, cpuMs: cpuMsOf(arbor.child.pid!) };
  await arbor.stop();
  removeDataDir(arbor.dataDir);
  return figures;
}

export async function runStartBench(rounds = 3) {
  const bundled: StartFigures[] = [];
  const sources: StartFigures[] = [];
  for (let round = 0; round < rounds; round++) {
    bundled.push(await timeStart(false));
    sources.push(await timeStart(true));
  }
  const of = (list: StartFigures[], key: keyof StartFigures) => Math.round(median(list.map((figure) => figure[key])));
  return {
    rounds,
    bundled: { wallMs: of(bundled, "wallMs"), cpuMs: of(bundled, "cpuMs") },
    sources: { wallMs: of(sources, "wallMs"), cpuMs: of(sources, "cpuMs") },
  };
}

export function reportStartBench(figures: Awaited<ReturnType<typeof runStartBench>>): void {
  const { bundled, sources } = figures;
  console.log(`\nServer start (${figures.rounds} starts each; baseline = the same start through tsx)`);
  const cpuRatio = round(bundled.cpuMs / sources.cpuMs);
  reportLine("  CPU until ready, bundle vs tsx", `${bundled.cpuMs} ms vs ${sources.cpuMs} ms`, "", true);
  reportLine("  ratio", String(cpuRatio), "<= 0.7", cpuRatio <= 0.7);
  reportLine("  wall until ready, bundle vs tsx", `${bundled.wallMs} ms vs ${sources.wallMs} ms`, "", true);
}
