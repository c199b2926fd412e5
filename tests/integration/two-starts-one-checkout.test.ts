import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  copyCheckout,
  killBuildSteps,
  npmStart,
  removeCheckout,
  startBuildStep,
} from "@/tests/support/checkout-copy.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { removeDataDir, type RunningArbor } from "@/tests/support/start-arbor.ts";

// Two `npm start`s from one checkout whose sources are newer than its build (here: no build yet), as the
// README's two-instance setup does: one builds aside under the lock, the other waits for it; a start killed
// while it builds leaves a lock the next start takes over, and a server keeps the build it started with when
// that newer one lands. Real `next build`s: one cold, then a warm one.

const BUILD_TIMEOUT_MS = 360_000;
let checkout: string;
const servers: RunningArbor[] = [];

beforeAll(() => {
  checkout = copyCheckout();
});

afterAll(async () => {
  killBuildSteps();
  for (const server of servers) {
    await server.stop();
    removeDataDir(server.dataDir);
  }
  if (checkout) removeCheckout(checkout);
});

async function getPage(arbor: RunningArbor, pathname: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${arbor.url}${pathname}`, { headers: { cookie: arbor.browser.cookie } });
  return { status: response.status, text: await response.text() };
}

function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

function scriptsOf(html: string): string[] {
  return [...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((match) => match[1]!).sort();
}

function replaceIn(file: string, from: string, to: string): void {
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${file} no longer holds ${from}: update this test`);
  writeFileSync(file, text.replace(from, to));
}

/** The finished builds (`.staging` is where the next one is made). */
const builds = () =>
  readdirSync(path.join(checkout, ".next", "builds"))
    .filter((name) => !name.startsWith("."))
    .sort();
const currentBuild = () =>
  (JSON.parse(readFileSync(path.join(checkout, ".next", "current.json"), "utf8")) as { build: string }).build;

describe("two npm starts from one checkout", () => {
  it(
    "one builds while the other waits for it, naming its pid; both come up serving pages",
    async () => {
      const firstBuild = startBuildStep(checkout);
      await firstBuild.seen(/building the web app/);
      const secondBuild = startBuildStep(checkout);
      await secondBuild.seen(new RegExp(`waiting for the build that process ${firstBuild.pid} is making`));
      servers.push(...(await Promise.all([npmStart(checkout, firstBuild), npmStart(checkout, secondBuild)])));

      expect(secondBuild.output()).not.toMatch(/building the web app/);
      expect(secondBuild.output()).toMatch(/using build \d+-\d+, made while this start waited/);
      for (const server of servers) {
        // Both run the server code bundled with the build they serve, not the TypeScript through tsx.
        expect(server.output()).toContain(`running the server bundled with build ${currentBuild()}`);
        const home = await getPage(server, "/");
        expect(home.status).toBe(200);
        expect(titleOf(home.text)).toMatch(/Arbor/);
        // A route handler that loads the database driver, an external package the build links to.
        expect((await callApi(server, "/api/repo-pins")).status).toBe(200);
      }
      expect(builds()).toEqual([currentBuild()]);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    "a start killed while it builds leaves its lock; the next takes it over, and a running server keeps its build",
    async () => {
      const [before] = servers;
      const firstBuild = currentBuild();
      // A change to the page's server code (its title), to its browser code (a client component) and to the
      // server's own code (what it prints at start), which is bundled with the build.
      replaceIn(path.join(checkout, "app", "logs", "page.tsx"), '"Logs · Arbor"', '"Logs · Arbor, rebuilt"');
      replaceIn(path.join(checkout, "server", "start-server.ts"), "log(`data directory: ", "log(`data folder: ");
      replaceIn(
        path.join(checkout, "components", "logs", "LogsPage.tsx"),
        "← Back to Arbor",
        "← Back to Arbor, rebuilt",
      );

      // Killed as closing its terminal does: the whole process group, once `next build` runs (Next's banner).
      const killed = startBuildStep(checkout, { detached: true });
      await killed.seen(/Next\.js \d+/);
      process.kill(-killed.pid, "SIGKILL");
      await killed.exited;
      const lockPath = path.join(checkout, ".next", "build.lock");
      expect(JSON.parse(readFileSync(lockPath, "utf8"))).toMatchObject({ pid: killed.pid, child: {} });

      const next = startBuildStep(checkout);
      const after = await npmStart(checkout, next);
      servers.push(after);
      expect(next.output()).toContain(
        `taking over the build lock .next/build.lock: process ${killed.pid} that held it is gone`,
      );
      expect(next.output()).toMatch(/building the web app/);
      expect(existsSync(lockPath)).toBe(false);
      const newLogs = await getPage(after, "/logs");
      expect(titleOf(newLogs.text)).toBe("Logs · Arbor, rebuilt");
      expect((await callApi(after, "/api/repo-pins")).status).toBe(200);
      expect(after.output()).toContain(`running the server bundled with build ${currentBuild()}`);
      expect(after.output()).toContain("[arbor] data folder: ");
      expect(before!.output()).toContain("[arbor] data directory: ");

      // Requested for the first time now, from the build this server started with: its title, and the browser
      // code its page names (other files than the new build's), which this server still serves.
      const logs = await getPage(before!, "/logs");
      expect(logs.status).toBe(200);
      expect(titleOf(logs.text)).toBe("Logs · Arbor");
      const scripts = scriptsOf(logs.text);
      expect(scripts).not.toEqual(scriptsOf(newLogs.text));
      for (const script of scripts) expect((await getPage(before!, script)).status).toBe(200);
      expect((await callApi(before!, "/api/health/metrics")).status).toBe(200);
      // The old build stays while servers use it (and as the previous one); the new one is current.
      expect(currentBuild()).not.toBe(firstBuild);
      expect(builds()).toEqual([firstBuild, currentBuild()].sort());
    },
    BUILD_TIMEOUT_MS,
  );

  it("a build made before servers were bundled still starts, from the TypeScript sources", async () => {
    rmSync(path.join(checkout, ".next", "builds", currentBuild(), "arbor", "server.mjs"));
    const arbor = await npmStart(checkout);
    servers.push(arbor);
    expect(arbor.output()).toContain("running the server from its TypeScript sources (tsx)");
    expect(titleOf((await getPage(arbor, "/logs")).text)).toBe("Logs · Arbor, rebuilt");
    expect((await callApi(arbor, "/api/repo-pins")).status).toBe(200);
  });
});
