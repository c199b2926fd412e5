// `npm start`'s build step: nothing when the current build holds every source change; otherwise one
// start builds under the lock while the others wait for it, then all use the build it swapped in.
import { acquireBuildLock } from "./build-lock.ts";
import { buildLayout } from "./build-layout.ts";
import { isBuildFresh, readCurrentBuild } from "./current-build.ts";
import { makeBuild } from "./make-build.ts";
import { pruneBuilds } from "./prune-builds.ts";
import { newestSourceMtime } from "./source-stamp.ts";

/** Returns the exit status: 0 once a fresh build is current. `isForced` builds even when it is fresh. */
export async function ensureBuild(input: {
  distRoot: string;
  isForced: boolean;
  log: (line: string) => void;
}): Promise<number> {
  const { log } = input;
  const layout = buildLayout(input.distRoot);
  if (!input.isForced && isBuildFresh(readCurrentBuild(layout), newestSourceMtime())) return 0;
  const lock = await acquireBuildLock({ layout, log });
  try {
    const sourcesAt = newestSourceMtime();
    const current = readCurrentBuild(layout);
    if (!input.isForced && isBuildFresh(current, sourcesAt)) {
      log(`using build ${current!.build}, made while this start waited`);
      return 0;
    }
    log(`building the web app (first start or sources changed) in ${layout.root}…`);
    const { status, build } = await makeBuild({ layout, sourcesAt, onChild: (pid) => lock.noteChild(pid) });
    if (status !== 0 || !build) return status;
    const removed = pruneBuilds(layout);
    log(
      `build ${build} is current${removed.length > 0 ? `; removed builds no server uses: ${removed.join(", ")}` : ""}`,
    );
    return 0;
  } finally {
    lock.release();
  }
}
