// The shell for many agents: every width usable, drafts and places kept, keyboard and screen readers served.
import { writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { callApi, openSession, sendChat } from "@/tests/support/call-api.ts";
import { expect, openWorktree, sendMessage, test } from "./chat-fixtures.ts";

const row = (page: Page, worktreePath: string) =>
  page.locator(`[data-testid="worktree-row"][data-path="${worktreePath}"]`);

/** How far the page's content reaches past the window's right edge (0 when nothing overflows). */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** axe's serious and critical findings on the page as it is now, one line each. */
const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );

/** Whether the Send button is the topmost element at its centre (no panel or toast laid over it). */
const isSendUncovered = (page: Page) =>
  page.getByTestId("send-button").evaluate((button) => {
    const box = button.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && button.contains(top);
  });

for (const size of [
  { width: 390, height: 844, columns: 1 },
  { width: 768, height: 1024, columns: 2 },
  { width: 1440, height: 900, columns: 3 },
]) {
  test(`at ${size.width} px nothing overflows and a chat is reachable and usable`, async ({ page, repo }) => {
    await page.setViewportSize(size);
    await page.goto("/");
    if (size.columns < 3) await page.getByTestId("pane-repos").click();
    await page.locator(`[data-testid="pin-item"][data-repo-id="${repo.repoId}"]`).getByTestId("pin-open").click();
    await row(page, repo.mainPath).getByTestId("worktree-open").click();
    await expect(page.getByTestId("composer-input")).toBeVisible();
    await expect(page.getByTestId("send-button")).toBeInViewport();
    const visibleColumns = await page
      .locator('[data-testid="column-repos"], [data-testid="column-worktrees"], [data-testid="main-pane"]')
      .evaluateAll((columns) => columns.filter((column) => (column as HTMLElement).offsetWidth > 0).length);
    expect(visibleColumns).toBe(size.columns);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await sendMessage(page, "[[mock:text fits on any screen]]");
    if (size.width < 768) {
      // The header (one line), the untrusted banner and the summary line together take at most a fifth of a
      // phone's height: the conversation starts right under them.
      await expect(page.getByTestId("untrusted-banner")).toBeVisible();
      const header = (await page.getByTestId("chat-header").boundingBox())!;
      const messages = (await page.getByTestId("message-list").boundingBox())!;
      expect(messages.y - header.y).toBeLessThanOrEqual(size.height / 5);
    }
    await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(
      "fits on any screen",
    );
    // On a phone the header is one line: its other tools are behind More.
    if (size.width < 768) await page.getByTestId("chat-header-more").click();
    await page.getByTestId("timeline-toggle").click();
    await expect(page.getByTestId("chat-timeline")).toBeVisible();
    await expect(page.getByTestId("send-button")).toBeInViewport();
    expect(await isSendUncovered(page)).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    if (size.columns === 1) {
      await page.getByTestId("pane-worktrees").click();
      await expect(row(page, repo.mainPath)).toBeInViewport();
      await expect(page.getByTestId("composer-input")).toBeHidden();
    }
  });
}

/** The horizontal span of an element's box. */
const spanOf = async (page: Page, testId: string) => {
  const box = (await page.getByTestId(testId).boundingBox())!;
  return { left: box.x, right: box.x + box.width };
};

test("at 1440 px a side panel stands beside the chat, resizable, per worktree; on a phone it steps aside for a send", async ({
  page,
  repo,
}) => {
  const other = await repo.addWorktree("panels");
  // A change to show, so the panel holds a file and its diff.
  writeFileSync(path.join(repo.mainPath, "panel-note.txt"), "a line for the panel\n");
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await page.getByTestId("changes-toggle").click();
  const frame = page.getByTestId("side-panel");
  await expect(frame).toHaveAttribute("data-placement", "beside");
  await expect(page.getByTestId("changes-panel")).toContainText("panel-note.txt");
  // The chat with Changes beside it, checked by axe in both themes.
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
  // The messages and the panel share the row: nothing of the chat is under the panel.
  const messages = await spanOf(page, "message-list");
  const panel = await spanOf(page, "side-panel");
  expect(messages.right).toBeLessThanOrEqual(panel.left + 1);
  expect(messages.right - messages.left).toBeGreaterThanOrEqual(272);
  // One panel at a time: Checks takes Changes' place.
  await page.getByTestId("checks-toggle").click();
  await expect(page.getByTestId("changes-panel")).toHaveCount(0);
  await expect(page.getByTestId("checks-panel")).toBeVisible();
  await page.getByTestId("changes-toggle").click();
  // Its edge resizes it, with the keyboard too, and the width is kept.
  const handle = page.getByTestId("side-panel-resize");
  const before = Number(await handle.getAttribute("aria-valuenow"));
  await handle.focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(handle).toHaveAttribute("aria-valuenow", String(before + 64));
  await page.screenshot({ path: "test-results/screenshots/side-panel-beside-1440.png" });

  // Panels are the worktree's: another one opens without it, and coming back finds it open.
  await row(page, other).getByTestId("worktree-open").click();
  await expect(page.getByTestId("side-panel")).toHaveCount(0);
  await row(page, repo.mainPath).getByTestId("worktree-open").click();
  await expect(page.getByTestId("changes-panel")).toBeVisible();

  // On a phone the panel lies over the messages, and closes itself once a message is sent.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(frame).toHaveAttribute("data-placement", "over");
  expect(await isSendUncovered(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await sendMessage(page, "[[mock:text seen past the panel]]");
  await expect(page.getByTestId("side-panel")).toHaveCount(0);
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(
    "seen past the panel",
  );
  await expect(page.getByTestId("changes-toggle")).toHaveAttribute("aria-pressed", "false");
});

/** How far the conversation is scrolled from its very end, in pixels. */
function distanceFromEnd(page: Page): Promise<number> {
  return page
    .getByTestId("message-list")
    .evaluate((list) => Math.round(list.scrollHeight - list.scrollTop - list.clientHeight));
}

test("the chat stays at its end while the reader is there, each answer's footer included", async ({ page, repo }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  const answers = page.locator('[data-testid="message"][data-role="assistant"]');
  const long = "A paragraph long enough to fill a good part of the screen with every answer. ".repeat(8);
  // Three long exchanges fill a 900 px window: the third answer arrives below the fold.
  for (let index = 1; index <= 3; index += 1) {
    await sendMessage(page, `[[mock:text ${index}: ${long}]]`);
    // A run's answer, on a machine as busy as CI's.
    await expect(answers).toHaveCount(index, { timeout: 60_000 });
    // The footer that appears once the run ends (its timing and cost) is in view, whole, and the
    // list is scrolled to its very end.
    await expect(answers.last().getByTestId("answer-footer")).toBeInViewport({ ratio: 1 });
    // An answer that used no tool changed nothing: no "Changes by this run" or "Restore" under it.
    await expect(answers.last().getByTestId("run-changes")).toHaveCount(0);
    await expect.poll(() => distanceFromEnd(page)).toBeLessThanOrEqual(1);
  }
  // A command that wrote a file: once allowed, "Changes by this run" appears under its answer, in view too.
  await sendMessage(page, "[[mock:bash echo kept > kept.txt]]");
  await page.getByTestId("approval-allow-once").click();
  await expect(answers.last()).toContainText("Bash returned");
  await expect(answers.last().getByTestId("run-changes")).toBeInViewport({ ratio: 1 });
  await expect(answers.last().getByTestId("answer-footer")).toBeInViewport({ ratio: 1 });
  // A command that only printed changed nothing: its run's checkpoints say so, whatever the tool.
  await sendMessage(page, "[[mock:bash node -e 'console.log(40 + 2)']]");
  await page.getByTestId("approval-allow-once").click();
  // The list renders only what is near the screen, so the answer is found by its text, not by counting.
  await expect(answers.last()).toContainText("Bash returned: 42");
  await expect(answers.last().getByTestId("answer-footer")).toBeInViewport({ ratio: 1 });
  await expect(answers.last().getByTestId("run-changes")).toHaveCount(0);
  await expect.poll(() => distanceFromEnd(page)).toBeLessThanOrEqual(1);
  await expect(page.getByTestId("jump-to-latest")).toHaveCount(0);
});

test("a draft is kept per worktree across switches and a reload; Back and Forward return to the worktree", async ({
  page,
  repo,
}) => {
  const other = await repo.addWorktree("drafts");
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await page.getByTestId("composer-input").fill("half a thought for main");
  await row(page, other).getByTestId("worktree-open").click();
  await expect(page.getByTestId("composer-input")).toHaveValue("");
  await page.getByTestId("composer-input").fill("a note for the other one");

  await page.goBack();
  await expect(page.getByTestId("chat-panel")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`wt=${encodeURIComponent(repo.mainPath)}`));
  await expect(page.getByTestId("composer-input")).toHaveValue("half a thought for main");
  await page.goForward();
  await expect(page.getByTestId("composer-input")).toHaveValue("a note for the other one");

  await page.reload();
  await expect(page.getByTestId("composer-input")).toHaveValue("a note for the other one");
  await row(page, repo.mainPath).getByTestId("worktree-open").click();
  await expect(page.getByTestId("composer-input")).toHaveValue("half a thought for main");

  await page.getByTestId("composer-input").press("Enter");
  await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText("half a thought");
  await expect(page.getByTestId("composer-input")).toHaveValue("");
  await page.reload();
  await expect(page.getByTestId("composer-input")).toHaveValue("");
});

test("worktrees by key: a skip link reaches the list, j/k move in it, Alt+↓/↑ open the next or previous", async ({
  page,
  repo,
}) => {
  await repo.addWorktree("keys-a");
  await repo.addWorktree("keys-b");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?repo=${repo.repoId}`);
  const rows = page.getByTestId("worktree-row");
  await expect(rows).toHaveCount(3);
  const paths = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-path")!));

  // Two presses of Tab, not eighteen: the second skip link goes straight to the list.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("skip-to-worktrees")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(row(page, paths[0]!).getByTestId("worktree-open")).toBeFocused();
  await page.keyboard.press("j");
  await expect(row(page, paths[1]!).getByTestId("worktree-open")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("k");
  await expect(row(page, paths[1]!).getByTestId("worktree-open")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(row(page, paths[1]!)).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("composer-input")).toBeVisible();

  // From the chat (outside the message box), Alt+↓ and Alt+↑ open the next and previous worktree.
  await page.getByTestId("message-list").click();
  await page.keyboard.press("Alt+ArrowDown");
  await expect(row(page, paths[2]!)).toHaveAttribute("data-selected", "true");
  expect(new URL(page.url()).searchParams.get("wt")).toBe(paths[2]);
  await page.keyboard.press("Alt+ArrowDown");
  await expect(row(page, paths[2]!)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("Alt+ArrowUp");
  await expect(row(page, paths[1]!)).toHaveAttribute("data-selected", "true");
  // Typed into the message box, the keys belong to the text.
  await page.getByTestId("composer-input").click();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(row(page, paths[1]!)).toHaveAttribute("data-selected", "true");
});

test("by keyboard alone: skip to the message box, send, and unpin with Undo", async ({ page, repo }) => {
  await page.goto(`/?repo=${repo.repoId}&wt=${encodeURIComponent(repo.mainPath)}`);
  await expect(page.getByTestId("composer-input")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("skip-to-composer")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("composer-input")).toBeFocused();
  await page.keyboard.type("[[mock:text sent by keyboard]]");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText("sent by keyboard");
  await expect(page.getByTestId("run-announcer")).toHaveText("Claude finished answering.");

  const pin = page.locator(`[data-testid="pin-item"][data-repo-id="${repo.repoId}"]`);
  await pin.getByTestId("pin-open").focus();
  await page.keyboard.press("Tab");
  await expect(pin.getByTestId("pin-delete")).toBeFocused();
  await expect(pin.getByTestId("pin-delete")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(pin).toHaveCount(0);
  await page.getByTestId("unpin-undo").focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(`[data-testid="pin-item"][data-repo-id="${repo.repoId}"]`)).toHaveCount(1);
  await expect(page.getByTestId("unpin-undo-bar")).toHaveCount(0);
});

test("no serious or critical accessibility violations on any page", async ({ page, repo }) => {
  test.slow(); // a real CLI run, then twelve page loads each checked by axe
  const pages = [
    "/",
    `/?repo=${repo.repoId}`,
    `/?repo=${repo.repoId}&wt=${encodeURIComponent(repo.mainPath)}`,
    "/settings",
    `/logs?repo=${repo.repoId}`,
    `/project?repo=${repo.repoId}`,
  ];
  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await sendMessage(page, "[[mock:text an answer to check]]");
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText("an answer");
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const url of pages) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).analyze();
      for (const violation of results.violations) {
        if (violation.impact !== "serious" && violation.impact !== "critical") continue;
        const targets = violation.nodes.map((node) => node.target.join(" "));
        found.push(`${colorScheme} ${url}: ${violation.id} ${violation.help} at ${targets.join(", ")}`);
      }
    }
  }
  expect(found).toEqual([]);
});

test("the theme switch overrides the system's and is remembered after a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByTestId("theme-switch").selectOption("dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background()).not.toBe(light);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("theme-switch")).toHaveValue("dark");
  await page.getByTestId("theme-switch").selectOption("system");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
  expect(await background()).toBe(light);
});

test("a running answer shows elapsed time and its last activity, and after a silence says so with Stop", async ({
  page,
  repo,
  claude,
}) => {
  const saved = await callApi(claude.arbor, "/api/settings", { method: "PUT", body: { silenceWarningSeconds: 10 } });
  expect(saved.status).toBe(200);
  try {
    await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
    await sendMessage(page, "[[mock:hang]]");
    await expect(page.getByTestId("run-pulse")).toHaveText(/^\d+ s · starting$/);
    // Silence counts from the CLI's last output (its start, seconds later on a loaded machine), plus 10 s.
    await expect(page.getByTestId("run-silence")).toHaveText(/^No output for 1\d s: press Stop, or keep waiting\.$/, {
      timeout: 45_000,
    });
    await page.getByTestId("stop-button").click();
    await expect(page.getByTestId("run-silence")).toHaveCount(0);
    await expect(
      page.locator('[data-testid="message"][data-role="assistant"]').last().getByTestId("run-status"),
    ).toHaveAttribute("data-status", "cancelled");
  } finally {
    await callApi(claude.arbor, "/api/settings", { method: "PUT", body: { silenceWarningSeconds: 120 } });
  }
});

test("what needs you: every worktree by urgency, live across repositories' worktrees; a key opens one", async ({
  page,
  repo,
  claude,
}) => {
  const [done, asks, failing] = [
    await repo.addWorktree("done"),
    await repo.addWorktree("asks"),
    await repo.addWorktree("failing"),
  ];
  const session = (worktreePath: string) => openSession(claude.arbor, { repoId: repo.repoId, worktreePath });
  const [doneSession, asksSession, failingSession] = [await session(done), await session(asks), await session(failing)];
  await page.goto("/");
  await expect(page.getByTestId("attention-view")).toBeVisible();

  expect((await sendChat(claude.arbor, { sessionId: doneSession, userMessage: "[[mock:text all done]]" })).status).toBe(
    200,
  );
  await sendChat(claude.arbor, { sessionId: failingSession, userMessage: "[[mock:error 529]]" });
  const waiting = sendChat(claude.arbor, { sessionId: asksSession, userMessage: "[[mock:bash echo hi > out.txt]]" });

  // Only this test's worktrees (the server is shared with other tests of this worker).
  const items = page.locator(`[data-testid="attention-item"][data-path^="${repo.root}/"]`);
  await expect(items.nth(0)).toHaveAttribute("data-path", asks);
  await expect(items.nth(0)).toHaveAttribute("data-state", "waiting");
  await expect(items.nth(1)).toHaveAttribute("data-path", failing);
  await expect(items.nth(1)).toHaveAttribute("data-state", "failed");
  await expect(items.nth(2)).toHaveAttribute("data-path", done);
  await expect(items.nth(2)).toHaveAttribute("data-state", "unread");
  await expect(items).toHaveCount(3);
  // Worktrees of earlier tests are gone from disk, so they are not counted.
  await expect(page.getByTestId("open-attention")).toHaveText("What needs you (2)");
  // The tab title counts the same worktrees, so a background tab shows them too.
  await expect(page).toHaveTitle("(2) Arbor");

  await items.nth(2).click();
  await expect(page.getByTestId("chat-panel")).toBeVisible();
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText("all done");
  await page.getByTestId("open-attention").click();
  await expect(page.locator(`[data-testid="attention-item"][data-path="${done}"]`)).toHaveAttribute(
    "data-state",
    "idle",
  );

  await page.keyboard.press(
    String(
      (await page
        .getByTestId("attention-item")
        .evaluateAll((all, asksPath) => all.findIndex((item) => item.getAttribute("data-path") === asksPath), asks)) +
        1,
    ),
  );
  await page.getByTestId("approval-deny").click();
  await page.getByTestId("approval-deny-form-input").fill("not now");
  // A half-typed answer survives leaving the worktree and coming back (nothing lost between clicks).
  await page.getByTestId("open-attention").click();
  await page.locator(`[data-testid="attention-item"][data-path="${done}"]`).click();
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText("all done");
  await page.getByTestId("open-attention").click();
  await page.locator(`[data-testid="attention-item"][data-path="${asks}"]`).click();
  await expect(page.getByTestId("approval-deny-form-input")).toHaveValue("not now");
  await page.getByTestId("approval-deny-form-submit").click();
  expect((await waiting).status).toBe(200);
  await page.getByTestId("open-attention").click();
  // Answered: no longer waiting (idle or unread, depending on whether its answer was seen before leaving).
  await expect(page.locator(`[data-testid="attention-item"][data-path="${asks}"]`)).not.toHaveAttribute(
    "data-state",
    "waiting",
  );
  await expect(page).toHaveTitle("(1) Arbor");
});

test("the control room names agents by branch, times what they wait for, and answers them in place by key", async ({
  page,
  repo,
  claude,
}) => {
  const [asks, slow] = [await repo.addWorktree("ctl-asks"), await repo.addWorktree("ctl-slow")];
  const session = (worktreePath: string) => openSession(claude.arbor, { repoId: repo.repoId, worktreePath });
  const [asksSession, slowSession] = [await session(asks), await session(slow)];
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await expect(page.getByTestId("attention-view")).toBeVisible();
  const waiting = sendChat(claude.arbor, { sessionId: asksSession, userMessage: "[[mock:bash echo ctl > ctl.txt]]" });
  const running = sendChat(claude.arbor, { sessionId: slowSession, userMessage: "[[mock:slow 2500]]" });

  const rowOf = (worktreePath: string) =>
    page.getByTestId("attention-row").filter({ has: page.locator(`[data-path="${worktreePath}"]`) });
  const asksRow = rowOf(asks);
  await expect(asksRow.getByTestId("attention-name")).toHaveText("feat/ctl-asks");
  await expect(asksRow.getByTestId("attention-state")).toHaveText("waiting for you");
  // What it waits for, as the chat's card shows it, answerable here.
  await expect(asksRow.getByTestId("approval-card")).toContainText("echo ctl > ctl.txt");
  await expect(rowOf(slow).getByTestId("attention-elapsed")).toHaveText(/^running \d+ s$/);
  // The elapsed time moves on its own.
  const first = await rowOf(slow).getByTestId("attention-elapsed").textContent();
  await expect(rowOf(slow).getByTestId("attention-elapsed")).not.toHaveText(first!);
  await expect(asksRow.getByTestId("attention-elapsed")).toHaveText(/^waiting \d+ s$/);
  await page.screenshot({ path: "test-results/screenshots/control-room-1440.png" });

  const axe = await new AxeBuilder({ page }).include('[data-testid="attention-view"]').analyze();
  expect(axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))).toEqual([]);

  // j/k move the selection; A answers the selected agent's request (waiting ones come first).
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("j");
  await expect(page.getByTestId("attention-row").nth(1)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("k");
  await expect(page.getByTestId("attention-row").nth(0)).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("attention-row").nth(0)).toContainText("feat/ctl-asks");
  await page.keyboard.press("a");
  expect((await waiting).status).toBe(200);
  await expect(asksRow.getByTestId("approval-card")).toHaveCount(0);
  await expect(asksRow.getByTestId("attention-state")).not.toHaveText("waiting for you");
  expect((await running).status).toBe(200);
  // Each row says what its agent changed against main and what it cost so far; the worktree card says it too.
  await expect(asksRow.getByTestId("attention-lines")).toHaveText("+1 −0");
  await expect(asksRow.getByTestId("attention-cost")).toHaveText(/^\$\d+\.\d+$/);
  await expect(rowOf(slow).getByTestId("attention-lines")).toHaveCount(0);
  await page.goto(`/?repo=${repo.repoId}`);
  const card = page.locator(`[data-testid="worktree-row"][data-path="${asks}"]`);
  await expect(card.getByTestId("badge-progress")).toHaveText(/\+1 −0/);
  await expect(card.getByTestId("badge-progress")).toHaveAttribute("title", /0 commits ahead of main.*1 line added/);
  await page.goto("/");

  // On a phone the control room is one tap from any pane.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("pane-repos").click();
  await expect(page.getByTestId("attention-view")).toBeHidden();
  await page.getByTestId("pane-attention").click();
  await expect(page.getByTestId("attention-view")).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // Every tab of the column bar is a whole touch target inside the screen, the control room's with its count.
  for (const tab of await page.getByTestId("pane-nav").getByRole("button").all()) {
    const box = (await tab.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: "test-results/screenshots/control-room-390.png", fullPage: true });
});

test("settings per repository: a default permission mode overrides Arbor-wide, shows where it comes from, and a worktree starts in it", async ({
  page,
  repo,
}) => {
  await page.goto(`/settings?from=${encodeURIComponent(`?repo=${repo.repoId}`)}`);
  const section = page.getByTestId("repo-settings");
  await expect(section.getByTestId("repo-settings-repo")).toHaveValue(repo.repoId);
  const mode = section.getByTestId("repo-setting-permissionMode");
  await expect(mode.getByTestId("repo-setting-permissionMode-effective")).toHaveText("In force: default (Arbor-wide)");
  await mode.getByTestId("repo-setting-permissionMode-override").check();
  await mode.getByTestId("repo-setting-permissionMode-value").selectOption("acceptEdits");
  const keep = section.getByTestId("repo-setting-upkeepKeepLastN");
  await keep.getByTestId("repo-setting-upkeepKeepLastN-override").check();
  await keep.getByTestId("repo-setting-upkeepKeepLastN-value").fill("a few");
  await section.getByTestId("repo-settings-save").click();
  await expect(keep.getByTestId("repo-setting-upkeepKeepLastN-error")).toHaveText("Enter a whole number.");
  await keep.getByTestId("repo-setting-upkeepKeepLastN-value").fill("99999");
  await section.getByTestId("repo-settings-save").click();
  await expect(section.getByTestId("repo-settings-save-error")).toContainText("upkeepKeepLastN");
  await keep.getByTestId("repo-setting-upkeepKeepLastN-override").uncheck();
  await section.getByTestId("repo-settings-save").click();
  await expect(section.getByTestId("repo-settings-saved")).toBeVisible();
  await expect(mode.getByTestId("repo-setting-permissionMode-effective")).toHaveText(
    "In force: acceptEdits (this repository)",
  );

  await openWorktree(page, { repoId: repo.repoId, worktreePath: repo.mainPath });
  await expect(page.getByTestId("mode-menu-button")).toHaveAttribute("data-mode", "acceptEdits");
});
