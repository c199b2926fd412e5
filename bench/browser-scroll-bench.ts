import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { logsHref } from "@/components/logs/logs-href.ts";
import { findBrowser } from "@/scripts/find-browser.ts";
import { startArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, openSession, pinRepo, sendChat } from "@/tests/support/call-api.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
} from "@/tests/support/git-fixtures.ts";
import { seedConversation, seedHookEvents } from "@/tests/support/seed-long-lists.ts";
import { round } from "./stats.ts";

export interface ScrollFigures {
  rows: number;
  /** Frames per second while the list scrolled by `stepPx` every animation frame. */
  fps: number;
  /** The longest gap between two frames. */
  longestFrameMs: number;
  /** Longest main-thread task (PerformanceObserver `longtask`), 0 when none passed 50 ms. */
  longestTaskMs: number;
  /** Most list rows in the DOM at once. */
  maxDomRows: number;
  frames: number;
  stepPx: number;
}

export interface BrowserScrollBenchResult {
  chat: ScrollFigures;
  /** Baseline: the same scroll (same step per frame, same number of frames) over a 50-message chat. */
  chatBaseline: ScrollFigures;
  timeline: ScrollFigures;
  timelineBaseline: ScrollFigures;
  /** Renders of the open chat's rows while another worktree's chat streamed a whole answer. */
  otherChatRowRenders: number;
  /** Renders of the open chat's stored rows while its own new answer streamed. */
  sameChatStoredRowRenders: number;
  /** Renders of the streaming answer's own row meanwhile (shows the counter counts). */
  streamingRowRenders: number;
}

const FRAMES = 900;

/**
 * A real Arbor (real SQLite, the real CLI against the mock model) holding a chat of 5,000 messages
 * (mixed lengths, code blocks, tool cards) and a worktree timeline of 20,000 hook events, opened in
 * Chromium. Each list is loaded whole (scrolling up through the chat's pages, "Load older events" on
 * the timeline), then scrolled top to bottom in 900 animation frames; the same step per frame over a
 * 50-row list is the baseline. Row renders are counted through React's DevTools hook (no code in
 * the app): while another worktree's chat streams an answer, and while the open chat's own does.
 */
export async function runBrowserScrollBench(
  options: { messages?: number; events?: number; small?: number } = {},
): Promise<BrowserScrollBenchResult> {
  const { messages = 5000, events = 20_000, small = 50 } = options;
  const env = await startArborWithClaude();
  const fixture = await createFixtureRoot();
  const browser = await chromium.launch({
    executablePath: findBrowser().executablePath,
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-gpu"],
  });
  try {
    await callApi(env.arbor, "/api/settings", {
      method: "PUT",
      body: { autoUpkeep: false, warmCliMax: 0, maxConcurrentRuns: 4 },
    });
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
    const repoId = await pinRepo(env.arbor, mainPath);
    const worktree = async (name: string) => {
      const worktreePath = path.join(fixture.root, name);
      await addWorktree({ mainPath, path: worktreePath, branch: `feat/${name}` });
      return worktreePath;
    };
    const [bigPath, smallPath, otherPath] = [mainPath, await worktree("small"), await worktree("other")];
    const seed = async (worktreePath: string, count: number) => {
      const sessionId = await openSession(env.arbor, { repoId, worktreePath });
      seedConversation({ dataDir: env.arbor.dataDir, sessionId, repoId, worktreePath, count });
      return sessionId;
    };
    await seed(bigPath, messages);
    const smallSession = await seed(smallPath, small);
    const otherSession = await seed(otherPath, small);
    seedHookEvents({ dataDir: env.arbor.dataDir, repoId, worktreePath: bigPath, count: events });
    seedHookEvents({ dataDir: env.arbor.dataDir, repoId, worktreePath: smallPath, count: small });

    const page = await browser.newPage({ reducedMotion: "reduce", viewport: { width: 1440, height: 900 } });
    await page.addInitScript(RENDER_COUNTER);
    // The printed link is the harness's own (used once already): the page signs in with a fresh one.
    await page.goto(await env.arbor.mintSignInLink());
    await page.waitForURL(`${env.arbor.url}/`);
    const chatUrl = (worktreePath: string) => `${env.arbor.url}/?repo=${repoId}&wt=${encodeURIComponent(worktreePath)}`;

    // The chats: the whole conversation loaded by scrolling up through its pages, then scrolled down.
    await page.goto(chatUrl(bigPath));
    await loadAll(page, "chat", messages);
    const chat = await scrollThrough(page, "chat", FRAMES, null);
    await page.goto(chatUrl(smallPath));
    await loadAll(page, "chat", small);
    const chatBaseline = await scrollThrough(page, "chat", FRAMES, chat.stepPx);

    // Row renders: the small chat is open; another worktree's chat streams, then this one's.
    await scrollToEnd(page, "chat");
    await resetRenders(page);
    await streamAnswer(env.arbor, otherSession);
    const otherChatRowRenders = (await takeRenders(page)).total;
    const storedKeys = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="message-row"]')].map((row) => row.getAttribute("data-key") ?? ""),
    );
    await resetRenders(page);
    await streamAnswer(env.arbor, smallSession);
    await page.locator('[data-testid="message"][data-role="assistant"]', { hasText: "done." }).last().waitFor();
    const renders = await takeRenders(page);
    const stored = new Set(storedKeys);
    const sameChatStoredRowRenders = Object.entries(renders.byKey)
      .filter(([key]) => stored.has(key))
      .reduce((sum, [, count]) => sum + count, 0);
    const streamingRowRenders = Object.entries(renders.byKey)
      .filter(([key]) => !stored.has(key))
      .reduce((max, [, count]) => Math.max(max, count), 0);

    // The timelines (the Logs page of a worktree): every page loaded, then scrolled down.
    await page.goto(`${env.arbor.url}${logsHref({ repoId, worktreePath: bigPath })}`);
    await loadAll(page, "timeline", events);
    const timeline = await scrollThrough(page, "timeline", FRAMES, null);
    await page.goto(`${env.arbor.url}${logsHref({ repoId, worktreePath: smallPath })}`);
    await loadAll(page, "timeline", small);
    const timelineBaseline = await scrollThrough(page, "timeline", FRAMES, timeline.stepPx);
    return {
      chat,
      chatBaseline,
      timeline,
      timelineBaseline,
      otherChatRowRenders,
      sameChatStoredRowRenders,
      streamingRowRenders,
    };
  } finally {
    await browser.close();
    await env.close();
    await removeGitFixture(fixture);
  }
}

type ListKind = "chat" | "timeline";

/** In the page (strings: the bench runs through tsx, whose helpers do not exist there). */
const LIST = {
  chat: { list: '[data-testid="message-list"]', row: '[data-testid="message-row"]' },
  timeline: { list: '[data-testid="timeline-items"]', row: '[data-testid="timeline-items"] > li' },
} as const;

/** The element that scrolls the list: the chat's own box, the Logs page for the timeline. */
const SCROLLER = `(kind) => {
  const list = document.querySelector(kind === "chat" ? '${LIST.chat.list}' : '${LIST.timeline.list}');
  if (kind === "chat") return list;
  for (let node = list.parentElement; node; node = node.parentElement) {
    const overflowY = getComputedStyle(node).overflowY;
    if (overflowY === "auto" || overflowY === "scroll") return node;
  }
  return document.scrollingElement;
}`;

/** Loads every page of the list: the chat by scrolling to its top until all rows are there, the timeline by "Load older events". */
async function loadAll(page: Page, kind: ListKind, rows: number): Promise<void> {
  await page.locator(`${LIST[kind].list}[data-rows]`).first().waitFor({ timeout: 60_000 });
  await page.evaluate(`(async () => {
    const scroller = (${SCROLLER})("${kind}");
    const list = document.querySelector('${LIST[kind].list}');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const deadline = Date.now() + 240000;
    while (Number(list.getAttribute("data-rows")) < ${rows}) {
      if (Date.now() > deadline) throw new Error("list did not load: " + list.getAttribute("data-rows") + " of ${rows} rows");
      if ("${kind}" === "chat") {
        // The wheel event says the reader scrolls up (what loads older pages); the scroll itself is set directly.
        scroller.dispatchEvent(new WheelEvent("wheel", { deltaY: -4000, bubbles: true }));
        scroller.scrollTop = Math.max(0, scroller.scrollTop - 4000);
      }
      else document.querySelector('[data-testid="timeline-load-older"]:not([disabled])')?.click();
      await frame();
    }
  })()`);
}

async function scrollToEnd(page: Page, kind: ListKind): Promise<void> {
  await page.evaluate(`(async () => {
    const scroller = (${SCROLLER})("${kind}");
    for (let i = 0; i < 20; i += 1) {
      scroller.scrollTop = scroller.scrollHeight;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  })()`);
}

/**
 * From the top, scrolls by a fixed step every animation frame for `frames` frames (bouncing at the
 * ends of a short list); the step is the whole list over the frames unless given (the baseline uses
 * the long list's).
 */
async function scrollThrough(page: Page, kind: ListKind, frames: number, step: number | null): Promise<ScrollFigures> {
  const result = await page.evaluate(`(async () => {
    const scroller = (${SCROLLER})("${kind}");
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    scroller.scrollTop = 0;
    for (let i = 0; i < 10; i += 1) await frame();
    const stepPx = ${step ?? "Math.ceil((scroller.scrollHeight - scroller.clientHeight) / " + frames + ")"};
    let longestTask = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
    });
    observer.observe({ type: "longtask" });
    const times = [];
    let maxRows = 0;
    let direction = 1;
    for (let i = 0; i < ${frames}; i += 1) {
      times.push(await frame());
      const before = scroller.scrollTop;
      scroller.scrollTop = before + direction * stepPx;
      if (scroller.scrollTop === before) {
        direction = -direction;
        scroller.scrollTop = before + direction * stepPx;
      }
      if (i % 5 === 0) maxRows = Math.max(maxRows, document.querySelectorAll('${LIST[kind].row}').length);
    }
    await frame();
    observer.takeRecords().forEach((entry) => (longestTask = Math.max(longestTask, entry.duration)));
    observer.disconnect();
    let longestFrame = 0;
    for (let i = 1; i < times.length; i += 1) longestFrame = Math.max(longestFrame, times[i] - times[i - 1]);
    const rows = Number(document.querySelector('${LIST[kind].list}').getAttribute("data-rows"));
    return { rows, frames: times.length, stepPx, elapsed: times.at(-1) - times[0], longestFrame, longestTask, maxRows };
  })()`);
  const figures = result as {
    rows: number;
    frames: number;
    stepPx: number;
    elapsed: number;
    longestFrame: number;
    longestTask: number;
    maxRows: number;
  };
  return {
    rows: figures.rows,
    fps: round(((figures.frames - 1) / figures.elapsed) * 1000, 1),
    longestFrameMs: round(figures.longestFrame, 1),
    longestTaskMs: Math.round(figures.longestTask),
    maxDomRows: figures.maxRows,
    frames: figures.frames,
    stepPx: figures.stepPx,
  };
}

/** Sends a message answered by 10 slow deltas and waits until the stored answer is complete. */
async function streamAnswer(arbor: Parameters<typeof sendChat>[0], sessionId: string): Promise<void> {
  const before = await lastMessageId(arbor, sessionId);
  await sendChat(arbor, { sessionId, userMessage: "stream please [[mock:slow 50]]" });
  for (;;) {
    const page = await callApi<{ messages: Array<{ id: number; role: string; status: string }> }>(
      arbor,
      `/api/chat/messages?sessionId=${sessionId}`,
    );
    const last = page.body.messages.at(-1);
    if (last && last.id > before + 1 && last.role === "assistant" && last.status === "complete") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function lastMessageId(arbor: Parameters<typeof sendChat>[0], sessionId: string): Promise<number> {
  const page = await callApi<{ messages: Array<{ id: number }> }>(arbor, `/api/chat/messages?sessionId=${sessionId}`);
  return page.body.messages.at(-1)?.id ?? 0;
}

function resetRenders(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as { arborRowRenders: Record<string, number> }).arborRowRenders = {};
  });
}

async function takeRenders(page: Page): Promise<{ total: number; byKey: Record<string, number> }> {
  const byKey = await page.evaluate(
    () => (window as unknown as { arborRowRenders: Record<string, number> }).arborRowRenders,
  );
  return { total: Object.values(byKey).reduce((sum, count) => sum + count, 0), byKey };
}

/**
 * Installed before the app loads: React's DevTools hook, which production React calls after every
 * commit. Walks what the commit re-rendered (a subtree whose child list is the previous one's was not
 * touched) and counts, per chat row (`data-key` of the row's element), the commits in which a
 * component inside it rendered again (PerformedWork) – mounts are not re-renders.
 */
const RENDER_COUNTER = `(() => {
  window.arborRowRenders = {};
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const HOST = 5;
  const PERFORMED_WORK = 1;
  function visit(fiber, rowKey, counted) {
    let key = rowKey;
    if (fiber.tag === HOST && fiber.stateNode && fiber.stateNode.getAttribute && fiber.stateNode.getAttribute("data-testid") === "message-row")
      key = fiber.stateNode.getAttribute("data-key");
    if (key !== null && !counted.has(key) && COMPONENT_TAGS.has(fiber.tag) && fiber.alternate !== null && (fiber.flags & PERFORMED_WORK)) {
      counted.add(key);
      window.arborRowRenders[key] = (window.arborRowRenders[key] || 0) + 1;
    }
    if (fiber.alternate !== null && fiber.alternate.child === fiber.child) return;
    for (let child = fiber.child; child; child = child.sibling) visit(child, key, counted);
  }
  let nextId = 1;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject(renderer) { const id = nextId++; this.renderers.set(id, renderer); return id; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) { visit(root.current, null, new Set()); },
  };
})()`;

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) console.log(JSON.stringify(await runBrowserScrollBench(), null, 2));
