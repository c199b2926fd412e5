import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  copyCheckout,
  killBuildSteps,
  npmStart,
  removeCheckout,
  startBuildStep,
} from "@/tests/support/checkout-copy.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { removeDataDir, type RunningArbor } from "@/tests/support/start-arbor.ts";

// A start killed while it builds (its whole process group, as closing its terminal does) leaves the build lock
// behind; the next start takes it over and builds. One real `next build`, plus the one killed early.

let checkout: string | undefined;
let arbor: RunningArbor | undefined;

afterAll(async () => {
  killBuildSteps();
  await arbor?.stop();
  if (arbor) removeDataDir(arbor.dataDir);
  if (checkout) removeCheckout(checkout);
});

describe("a killed builder", () => {
  it("leaves a lock that the next start takes over, then builds and serves", { timeout: 360_000 }, async () => {
    checkout = copyCheckout();
    const killed = startBuildStep(checkout, { detached: true });
    // Next's own banner: `next build` runs, and the lock names it beside the builder.
    await killed.seen(/Next\.js \d+/);
    process.kill(-killed.pid, "SIGKILL");
    await killed.exited;
    const lockPath = path.join(checkout, ".next", "build.lock");
    expect(JSON.parse(readFileSync(lockPath, "utf8"))).toMatchObject({ pid: killed.pid, child: {} });

    const next = startBuildStep(checkout);
    arbor = await npmStart(checkout, next);
    expect(next.output()).toContain(
      `taking over the build lock .next/build.lock: process ${killed.pid} that held it is gone`,
    );
    expect(next.output()).toMatch(/building the web app/);
    expect((await fetch(`${arbor.url}/`, { headers: { cookie: arbor.browser.cookie } })).status).toBe(200);
    expect((await callApi(arbor, "/api/repo-pins")).status).toBe(200);
    expect(existsSync(lockPath)).toBe(false);
    const current = JSON.parse(readFileSync(path.join(checkout, ".next", "current.json"), "utf8")) as { build: string };
    expect(readdirSync(path.join(checkout, ".next", "builds")).sort()).toEqual([".staging", current.build]);
  });
});
