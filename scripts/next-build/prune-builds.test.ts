import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildLayout, buildPath, type BuildLayout } from "./build-layout.ts";
import { writeCurrentBuild } from "./current-build.ts";
import { nextDistDir } from "./next-dist-dir.ts";
import { markOf } from "./process-mark.ts";
import { pruneBuilds } from "./prune-builds.ts";
import { pinServedBuild, servedBuilds, unpinServedBuild } from "./served-build.ts";

let dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A build root holding finished builds with these names. */
function rootWithBuilds(...builds: string[]): { dir: string; layout: BuildLayout } {
  const dir = mkdtempSync(path.join(tmpdir(), "arbor-builds-"));
  dirs.push(dir);
  const layout = buildLayout(dir);
  for (const build of builds) {
    mkdirSync(buildPath(layout, build), { recursive: true });
    writeFileSync(path.join(buildPath(layout, build), "BUILD_ID"), build);
  }
  return { dir, layout };
}

async function goneMark() {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  const mark = markOf(child.pid!);
  await once(child, "exit");
  return mark;
}

describe("pruneBuilds", () => {
  it("keeps the current, the previous and the builds of running servers; drops the pins of gone ones", async () => {
    const { layout } = rootWithBuilds("1-1", "2-2", "3-3", "4-4", "5-5");
    writeCurrentBuild(layout, { build: "1-1", sourcesAt: 0, previous: null });
    expect(pinServedBuild(layout, { pid: process.pid })).toBe("1-1");
    writeCurrentBuild(layout, { build: "5-5", sourcesAt: 0, previous: "4-4" });
    mkdirSync(path.join(layout.buildsPath, ".removing-0-0"));
    const gone = await goneMark();
    writeFileSync(path.join(layout.serversPath, `${gone.pid}.json`), JSON.stringify({ ...gone, build: "2-2" }));

    expect(pruneBuilds(layout)).toEqual(["2-2", "3-3"]);
    expect(readdirSync(layout.buildsPath).sort()).toEqual(["1-1", "4-4", "5-5"]);
    expect(readdirSync(layout.serversPath)).toEqual([`${process.pid}.json`]);

    unpinServedBuild(layout, process.pid);
    expect(servedBuilds(layout)).toEqual(new Set());
  });
});

describe("pinServedBuild", () => {
  it("says what to do when there is no build yet", () => {
    const { layout } = rootWithBuilds();
    expect(() => pinServedBuild(layout)).toThrow(/there is no Next build in .*: start Arbor with `npm start`/);
  });

  it("pins the build the launcher loaded, not the one current now", () => {
    const { layout } = rootWithBuilds("1-1", "2-2");
    writeCurrentBuild(layout, { build: "2-2", sourcesAt: 0, previous: "1-1" });
    expect(pinServedBuild(layout, { build: "1-1" })).toBe("1-1");
    expect(servedBuilds(layout)).toEqual(new Set(["1-1"]));
    unpinServedBuild(layout);
  });

  it("refuses a loaded build that was removed meanwhile, says to start again and leaves no pin", () => {
    const { layout } = rootWithBuilds("2-2");
    writeCurrentBuild(layout, { build: "2-2", sourcesAt: 0, previous: null });
    expect(() => pinServedBuild(layout, { build: "1-1" })).toThrow(/build 1-1 was removed .*: start again/);
    expect(servedBuilds(layout)).toEqual(new Set());
  });
});

describe("nextDistDir", () => {
  it("serves the build this process pinned, even once another is current", () => {
    const { dir, layout } = rootWithBuilds("1-1", "2-2");
    vi.stubEnv("ARBOR_NEXT_DIST", dir);
    writeCurrentBuild(layout, { build: "1-1", sourcesAt: 0, previous: null });
    pinServedBuild(layout);
    writeCurrentBuild(layout, { build: "2-2", sourcesAt: 0, previous: "1-1" });
    expect(nextDistDir("phase-production-server")).toBe(path.join(layout.root, "builds", "1-1"));
    unpinServedBuild(layout);
    expect(nextDistDir("phase-production-server")).toBe(path.join(layout.root, "builds", "2-2"));
    expect(nextDistDir("phase-development-server")).toBe(layout.root);
  });

  it("refuses a bare `next build`, which would empty the folder servers read", () => {
    vi.stubEnv("ARBOR_NEXT_BUILD_DIR", undefined);
    expect(() => nextDistDir("phase-production-build")).toThrow(/build with `npm run build`/);
    vi.stubEnv("ARBOR_NEXT_BUILD_DIR", ".next/builds/1-1");
    expect(nextDistDir("phase-production-build")).toBe(".next/builds/1-1");
  });
});
