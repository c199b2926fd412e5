// Each running server pins the build it started from (`<root>/servers/<pid>.json`): pruning keeps a
// pinned build, and next.config.ts, evaluated later in the same process, serves the pinned one, so a
// build swapped in meanwhile never mixes into a running server.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildPath, type BuildLayout } from "./build-layout.ts";
import { isBuildName, readCurrentBuild } from "./current-build.ts";
import { isProcessAlive, markOf, type ProcessMark } from "./process-mark.ts";

interface Pin extends ProcessMark {
  build: string;
}

/**
 * Pins a build for this process and returns its name: `build` when the launcher already loaded that
 * build's bundle (the code running must serve its own pages), else the current one. Throws when there is
 * no build yet, or when the named one was removed meanwhile (a start racing two swaps: start again).
 */
export function pinServedBuild(layout: BuildLayout, options: { pid?: number; build?: string } = {}): string {
  const pid = options.pid ?? process.pid;
  mkdirSync(layout.serversPath, { recursive: true });
  servedBuilds(layout);
  for (;;) {
    const build = options.build ?? readCurrentBuild(layout)?.build;
    if (!build) {
      throw new Error(
        `there is no Next build in ${layout.root}: start Arbor with \`npm start\` (it builds first) or run \`node scripts/ensure-build.mjs\``,
      );
    }
    const pin: Pin = { ...markOf(pid), build };
    writeFileSync(pinPath(layout, pid), JSON.stringify(pin));
    // Pruning reads the pins under the build lock: a build still there once pinned is kept.
    if (existsSync(buildPath(layout, build))) return build;
    if (options.build) {
      unpinServedBuild(layout, pid);
      throw new Error(`build ${build} was removed while this server started (two newer builds landed): start again`);
    }
  }
}

export function unpinServedBuild(layout: BuildLayout, pid: number = process.pid): void {
  rmSync(pinPath(layout, pid), { force: true });
}

/** The build `pid` pinned, if it pinned one. */
export function pinnedBuild(layout: BuildLayout, pid: number): string | null {
  return readPin(pinPath(layout, pid))?.build ?? null;
}

/** The builds running servers use; the pins of servers that are gone (crashed, killed) are removed. */
export function servedBuilds(layout: BuildLayout): Set<string> {
  const served = new Set<string>();
  let names: string[];
  try {
    names = readdirSync(layout.serversPath);
  } catch {
    return served;
  }
  for (const name of names) {
    const file = path.join(layout.serversPath, name);
    const pin = readPin(file);
    if (pin && isProcessAlive(pin)) served.add(pin.build);
    else rmSync(file, { force: true });
  }
  return served;
}

function pinPath(layout: BuildLayout, pid: number): string {
  return path.join(layout.serversPath, `${pid}.json`);
}

function readPin(file: string): Pin | null {
  try {
    const pin = JSON.parse(readFileSync(file, "utf8")) as Partial<Pin>;
    return Number.isInteger(pin.pid) && typeof pin.build === "string" && isBuildName(pin.build) ? (pin as Pin) : null;
  } catch {
    return null;
  }
}
