import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireBuildLock } from "./build-lock.ts";
import { buildLayout, type BuildLayout } from "./build-layout.ts";
import { markOf } from "./process-mark.ts";

let dirs: string[] = [];
let children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  [dirs, children] = [[], []];
});

function tempLayout(): BuildLayout {
  const dir = mkdtempSync(path.join(tmpdir(), "arbor-build-lock-"));
  dirs.push(dir);
  return buildLayout(dir);
}

function startIdleProcess(): ChildProcess {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { stdio: "ignore" });
  children.push(child);
  return child;
}

/** A log that resolves `seen(pattern)` once a line matching it was written. */
function recordingLog() {
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  return {
    lines,
    log: (line: string) => {
      lines.push(line);
      for (const waiter of waiters.filter((entry) => entry.pattern.test(line))) waiter.resolve();
    },
    seen: (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        if (lines.some((line) => pattern.test(line))) resolve();
        else waiters.push({ pattern, resolve });
      }),
  };
}

describe("acquireBuildLock", () => {
  it("takes a free lock, records the build it starts, and releases it", async () => {
    const layout = tempLayout();
    const lock = await acquireBuildLock({ layout, log: () => {} });
    expect(JSON.parse(readFileSync(layout.lockPath, "utf8"))).toMatchObject({ pid: process.pid });
    const builder = startIdleProcess();
    lock.noteChild(builder.pid!);
    expect(JSON.parse(readFileSync(layout.lockPath, "utf8"))).toMatchObject({ child: { pid: builder.pid } });
    lock.release();
    expect(existsSync(layout.lockPath)).toBe(false);
  });

  it("waits for a running holder, saying which pid, and takes the lock once that process is killed", async () => {
    const layout = tempLayout();
    const holder = startIdleProcess();
    await once(holder, "spawn");
    writeFileSync(layout.lockPath, JSON.stringify({ ...markOf(holder.pid!), since: Date.now() }));
    const { log, lines, seen } = recordingLog();
    const acquiring = acquireBuildLock({ layout, log });
    await seen(new RegExp(`waiting for the build that process ${holder.pid} is making`));
    expect(existsSync(layout.lockPath) && readFileSync(layout.lockPath, "utf8")).toContain(`"pid":${holder.pid}`);
    holder.kill("SIGKILL");
    const lock = await acquiring;
    expect(lines.at(-1)).toMatch(
      new RegExp(`taking over the build lock .*: process ${holder.pid} that held it is gone`),
    );
    expect(JSON.parse(readFileSync(layout.lockPath, "utf8"))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it("waits while the `next build` of a killed holder still runs", async () => {
    const layout = tempLayout();
    const build = startIdleProcess();
    await once(build, "spawn");
    const gone = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    const goneMark = markOf(gone.pid!);
    await once(gone, "exit");
    writeFileSync(layout.lockPath, JSON.stringify({ ...goneMark, since: 1, child: markOf(build.pid!) }));
    const { log, seen } = recordingLog();
    const acquiring = acquireBuildLock({ layout, log });
    await seen(new RegExp(`waiting for the build that process ${build.pid} is making`));
    build.kill("SIGKILL");
    (await acquiring).release();
  });

  it("never releases a lock another process holds now", async () => {
    const layout = tempLayout();
    const lock = await acquireBuildLock({ layout, log: () => {} });
    const other = JSON.stringify({ pid: 1, since: 2 });
    writeFileSync(layout.lockPath, other);
    lock.release();
    expect(readFileSync(layout.lockPath, "utf8")).toBe(other);
  });
});
