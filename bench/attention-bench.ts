import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { findBrowser } from "@/scripts/find-browser.ts";
import { startArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, openSession, pinRepo, sendChat } from "@/tests/support/call-api.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
} from "@/tests/support/git-fixtures.ts";
import { connectWs } from "@/tests/support/ws-client.ts";
import { percentile } from "./stats.ts";

export interface AttentionPhase {
  /** State changes the server announced and the attention view then showed. */
  shown: number;
  /** Announced states the view never showed because the next one replaced it first (e.g. a short run's "running"). */
  coalesced: number;
  p50Ms: number;
  p95Ms: number;
  /** Longest main-thread task of the page (PerformanceObserver `longtask`), 0 when none passed 50 ms. */
  longestTaskMs: number;
}

export interface AttentionBenchResult {
  repos: number;
  worktrees: number;
  streaming: number;
  /** Baseline: state changes with nothing else running. */
  quiet: AttentionPhase;
  /** The same while `streaming` worktrees stream tokens without pause. */
  streamingPhase: AttentionPhase;
}

interface Announced {
  worktreePath: string;
  state: string;
  at: number;
}

const now = () => performance.timeOrigin + performance.now();

/**
 * 50 worktrees across 5 repositories, each with a conversation, in a real Arbor whose `claude` talks
 * to the mock model; the attention view open in Chromium. Measures the delay from the server
 * announcing a worktree's new state (a WebSocket client's receive time) to the view showing it
 * (a MutationObserver in the page, same clock), first with nothing else running (the baseline),
 * then while 10 worktrees stream answers without pause; and the page's longest main-thread task.
 */
export async function runAttentionBench(
  options: { repos?: number; perRepo?: number; streaming?: number; changes?: number } = {},
): Promise<AttentionBenchResult> {
  const { repos = 5, perRepo = 10, streaming = 10, changes = 10 } = options;
  const env = await startArborWithClaude();
  const fixtures: Array<{ root: string }> = [];
  const browser = await chromium.launch({
    executablePath: findBrowser().executablePath,
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-gpu"],
  });
  try {
    await callApi(env.arbor, "/api/settings", {
      method: "PUT",
      body: { maxConcurrentRuns: streaming + 2, autoUpkeep: false, warmCliMax: 0 },
    });
    const sessions: Array<{ repoId: string; worktreePath: string; sessionId: string }> = [];
    for (let repo = 0; repo < repos; repo += 1) {
      const fixture = await createFixtureRoot();
      fixtures.push(fixture);
      const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
      const repoId = await pinRepo(env.arbor, mainPath);
      const paths = [mainPath];
      mkdirSync(path.join(fixture.root, "wt"), { recursive: true });
      for (let index = 1; index < perRepo; index += 1) {
        const worktreePath = path.join(fixture.root, "wt", `w${index}`);
        await addWorktree({ mainPath, path: worktreePath, branch: `feat/w${index}` });
        paths.push(worktreePath);
      }
      for (const worktreePath of paths)
        sessions.push({ repoId, worktreePath, sessionId: await openSession(env.arbor, { repoId, worktreePath }) });
    }

    const announced: Announced[] = [];
    const ws = await connectWs(env.arbor);
    ws.onMessage((message) => {
      if (message.type !== "worktree_activity") return;
      const state =
        message.state === "idle"
          ? message.lastRunStatus === "success"
            ? "unread"
            : message.lastRunStatus === null
              ? "idle"
              : "failed"
          : message.state;
      announced.push({ worktreePath: message.worktreePath, state, at: now() });
    });
    for (const repoId of new Set(sessions.map((session) => session.repoId)))
      ws.send({ type: "subscribe_repo", repoId });

    const page = await browser.newPage({ reducedMotion: "reduce", viewport: { width: 1440, height: 900 } });
    // The printed link is the harness's own (used once already): the page signs in with a fresh one.
    await page.goto(await env.arbor.mintSignInLink());
    await page.waitForURL(`${env.arbor.url}/`);
    await page.goto(`${env.arbor.url}/`);
    await page
      .locator('[data-testid="attention-item"]')
      .nth(sessions.length - 1)
      .waitFor();
    await watchAttentionView(page);

    const [streamers, others] = [sessions.slice(0, streaming), sessions.slice(streaming)];
    const changeOne = async (index: number) => {
      const target = others[index % others.length]!;
      await sendChat(env.arbor, { sessionId: target.sessionId, userMessage: `[[mock:text change ${index}]]` });
    };

    // Baseline: one worktree changes at a time, nothing else runs.
    let from = announced.length;
    await takeLongestTask(page);
    for (let index = 0; index < changes; index += 1) await changeOne(index);
    const quiet = await measure(page, announced.slice(from), await takeLongestTask(page));

    // Load: streaming worktrees answer without pause while the others change one at a time.
    let isStreaming = true;
    const loops = streamers.map(async ({ sessionId }) => {
      while (isStreaming) await sendChat(env.arbor, { sessionId, userMessage: "[[mock:slow 50]]" });
    });
    from = announced.length;
    for (let index = 0; index < changes; index += 1) await changeOne(changes + index);
    const longest = await takeLongestTask(page);
    isStreaming = false;
    const loaded = await measure(page, announced.slice(from), longest);
    await Promise.all(loops);
    ws.close();
    return { repos, worktrees: sessions.length, streaming, quiet, streamingPhase: loaded };
  } finally {
    await browser.close();
    await env.close();
    for (const fixture of fixtures) await removeGitFixture(fixture);
  }
}

/** Records, in the page, when each worktree's row first shows each new state; and the page's long tasks. */
async function watchAttentionView(page: Page): Promise<void> {
  // A string, not a function: the bench runs through tsx, whose helpers (named functions) do not exist in the page.
  await page.evaluate(`(() => {
    window.arborShown = [];
    window.arborLongest = 0;
    const last = new Map();
    function scan() {
      const at = performance.timeOrigin + performance.now();
      for (const item of document.querySelectorAll('[data-testid="attention-item"]')) {
        const worktreePath = item.getAttribute("data-path") ?? "";
        const shown = item.getAttribute("data-state") ?? "";
        if (last.get(worktreePath) === shown) continue;
        last.set(worktreePath, shown);
        window.arborShown.push({ worktreePath, state: shown, at });
      }
    }
    scan();
    new MutationObserver(scan).observe(document.body, {
      subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"],
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.arborLongest = Math.max(window.arborLongest, entry.duration);
    }).observe({ type: "longtask" });
  })()`);
}

function takeLongestTask(page: Page): Promise<number> {
  return page.evaluate(() => {
    const state = window as unknown as { arborLongest: number };
    const value = state.arborLongest;
    state.arborLongest = 0;
    return Math.round(value);
  });
}

/**
 * Pairs each announced state with the first time the view showed it afterwards and before the same state was
 * announced again (waiting for the last one to land); a state the view never showed in that window is coalesced.
 */
async function measure(page: Page, announced: Announced[], longestTaskMs: number): Promise<AttentionPhase> {
  const last = announced.at(-1);
  if (last) {
    await page
      .locator(`[data-testid="attention-item"][data-path="${last.worktreePath}"][data-state="${last.state}"]`)
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
  }
  const shown = await page.evaluate(
    () => (window as unknown as { arborShown: Array<{ worktreePath: string; state: string; at: number }> }).arborShown,
  );
  const delays: number[] = [];
  let coalesced = 0;
  announced.forEach((event, index) => {
    // Shown before the same state was announced again for the worktree; otherwise that later one is what it showed.
    const again = announced
      .slice(index + 1)
      .find((later) => later.worktreePath === event.worktreePath && later.state === event.state);
    const seen = shown.find(
      (row) =>
        row.worktreePath === event.worktreePath &&
        row.state === event.state &&
        row.at >= event.at - 5 &&
        (!again || row.at < again.at),
    );
    if (seen) delays.push(Math.max(0, seen.at - event.at));
    else coalesced += 1;
  });
  return {
    shown: delays.length,
    coalesced,
    p50Ms: Math.round(percentile(delays, 50)),
    p95Ms: Math.round(percentile(delays, 95)),
    longestTaskMs,
  };
}
