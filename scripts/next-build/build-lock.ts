// One builder at a time per build folder root. The lock file is created whole by link(2), so it
// exists with its holder written or not at all. A lock whose holder is gone (killed) is taken over
// under a short-lived guard file, so two starts that find the same dead lock never both remove it.
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { BuildLayout } from "./build-layout.ts";
import { judgeHeldLock, parseLockHolder, type LockHolder } from "./lock-decision.ts";
import { isProcessAlive, markOf } from "./process-mark.ts";

/** How often a waiting start looks at the lock again (a killed holder leaves no event to wait on). */
const POLL_MS = 250;

export interface BuildLock {
  /** Records the `next build` this holder started: the lock stays held while it runs, even if the holder is killed. */
  noteChild(pid: number): void;
  release(): void;
}

export async function acquireBuildLock(input: {
  layout: BuildLayout;
  log: (line: string) => void;
}): Promise<BuildLock> {
  const { layout, log } = input;
  mkdirSync(layout.rootPath, { recursive: true });
  const holder: LockHolder = { ...markOf(process.pid), since: Date.now() };
  const shownLock = path.join(layout.root, path.basename(layout.lockPath));
  let waitingFor: number | null = null;
  for (;;) {
    if (createWhole(layout.lockPath, holder)) return heldLock(layout.lockPath, holder);
    const text = readOrNull(layout.lockPath);
    if (text === null) continue;
    const decision = judgeHeldLock(parseLockHolder(text), isProcessAlive);
    if (decision.action === "take-over") {
      if (removeDeadLock(layout.lockPath, text)) log(`taking over the build lock ${shownLock}: ${decision.reason}`);
      else await delay(1);
      continue;
    }
    if (waitingFor !== decision.pid) {
      log(`waiting for the build that process ${decision.pid} is making (it holds ${shownLock})…`);
      waitingFor = decision.pid;
    }
    await delay(POLL_MS);
  }
}

function heldLock(lockPath: string, holder: LockHolder): BuildLock {
  return {
    noteChild(pid) {
      holder.child = markOf(pid);
      const temporary = `${lockPath}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(holder));
      renameSync(temporary, lockPath);
    },
    release() {
      // Never another's lock: one that took this over believing this process gone.
      if (readOrNull(lockPath) === JSON.stringify(holder)) unlinkSync(lockPath);
    },
  };
}

/**
 * Removes the lock if it still holds exactly `deadText`. The check and the removal run under a guard
 * file: no new lock can appear while the dead one exists, so the guard makes the pair atomic.
 */
function removeDeadLock(lockPath: string, deadText: string): boolean {
  const guardPath = `${lockPath}.takeover`;
  if (!createWhole(guardPath, { ...markOf(process.pid), since: Date.now() })) {
    // Another start is taking over; a guard whose taker died in those few steps is removed.
    const guardText = readOrNull(guardPath);
    const guard = guardText === null ? null : parseLockHolder(guardText);
    if (guardText !== null && (!guard || !isProcessAlive(guard))) rmSync(guardPath, { force: true });
    return false;
  }
  try {
    if (readOrNull(lockPath) !== deadText) return false;
    unlinkSync(lockPath);
    return true;
  } finally {
    unlinkSync(guardPath);
  }
}

/** Creates `file` holding `holder`, complete, or returns false when it exists. */
function createWhole(file: string, holder: LockHolder): boolean {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(holder));
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
