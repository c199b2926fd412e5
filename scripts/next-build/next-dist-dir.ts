// Next's distDir for this process, read by next.config.ts. Next 16's custom server ignores the
// distDir given to next({ conf }) (it loads next.config.ts itself), so the choice is made here.
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { buildDistDir, buildLayout } from "./build-layout.ts";
import { readCurrentBuild } from "./current-build.ts";
import { pinnedBuild } from "./served-build.ts";

/**
 * `next build` writes the folder ensure-build made for it (ARBOR_NEXT_BUILD_DIR); `next dev` uses the
 * root itself; a server serves the build it pinned at start (server/main.ts), else the current one.
 */
export function nextDistDir(phase: string): string {
  const layout = buildLayout(process.env.ARBOR_NEXT_DIST ?? ".next");
  if (phase === PHASE_DEVELOPMENT_SERVER) return layout.root;
  if (phase === PHASE_PRODUCTION_BUILD) {
    const folder = process.env.ARBOR_NEXT_BUILD_DIR;
    if (!folder) {
      throw new Error(
        "build with `npm run build` (scripts/ensure-build.mjs): it builds aside and swaps the build in under a lock, where a bare `next build` would empty the folder running servers read",
      );
    }
    return folder;
  }
  const build = pinnedBuild(layout, process.pid) ?? readCurrentBuild(layout)?.build;
  return build ? buildDistDir(layout, build) : layout.root;
}
