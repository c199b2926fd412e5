// The README's screenshots, drawn from a real session so they stay current: `npm run screenshots` writes them to
// docs/screenshots/; every e2e run draws them into test-results/ to check that the screens still render.
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openSession, sendChat } from "@/tests/support/call-api.ts";
import { expect, test } from "./chat-fixtures.ts";

const outDir = process.env.ARBOR_UPDATE_SCREENSHOTS === "1" ? "docs/screenshots" : "test-results/screenshots";

test("the main screen, the control room on a wide screen and a phone, and a chat beside its Changes, for the README", async ({
  page,
  repo,
  claude,
}) => {
  mkdirSync(outDir, { recursive: true });
  const [login, cache] = [await repo.addWorktree("login-form"), await repo.addWorktree("cache-layer")];
  const sessions = await Promise.all(
    [repo.mainPath, login, cache].map((worktreePath) =>
      openSession(claude.arbor, { repoId: repo.repoId, worktreePath }),
    ),
  );
  await sendChat(claude.arbor, {
    sessionId: sessions[1]!,
    userMessage: "Add a login form [[mock:text The form is in place.]]",
  });
  await sendChat(claude.arbor, { sessionId: sessions[0]!, userMessage: "Run the release [[mock:error 529]]" });
  const waiting = sendChat(claude.arbor, {
    sessionId: sessions[2]!,
    userMessage: "Run the tests [[mock:bash npm test]]",
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await expect(page.locator(`[data-testid="attention-item"][data-path="${cache}"]`)).toHaveAttribute(
    "data-state",
    "waiting",
  );
  const attentionShot = path.join(outDir, "attention.png");
  await page.screenshot({ path: attentionShot });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("pane-attention").click();
  await expect(page.getByTestId("attention-view")).toBeVisible();
  const phoneShot = path.join(outDir, "control-room-phone.png");
  await page.screenshot({ path: phoneShot });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.locator(`[data-testid="attention-item"][data-path="${cache}"]`).click();
  await expect(page.getByTestId("approval-card")).toBeVisible();
  await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText("Run the tests");
  const mainShot = path.join(outDir, "main-screen.png");
  await page.screenshot({ path: mainShot });

  await page.getByTestId("approval-allow-once").click();
  expect((await waiting).status).toBe(200);

  // The login form's worktree with its Changes beside the chat.
  writeFileSync(
    path.join(login, "login-form.html"),
    '<form>\n  <input name="email">\n  <button>Sign in</button>\n</form>\n',
  );
  await page.locator(`[data-testid="worktree-row"][data-path="${login}"]`).getByTestId("worktree-open").click();
  await page.getByTestId("changes-toggle").click();
  await page.getByTestId("changes-panel").getByText("login-form.html").click();
  await expect(page.getByTestId("changes-panel")).toContainText("Sign in");
  // With Changes beside it, the chat's header still shows the worktree's cost whole, on one line, down to the
  // narrowest width where the panel stands beside the chat.
  const changesShot = path.join(outDir, "chat-and-changes.png");
  await page.screenshot({ path: changesShot });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId("side-panel")).toHaveAttribute("data-placement", "beside");
  const cost = page.getByTestId("worktree-costs");
  await expect(cost).toHaveText(/^\$\d+\.\d\d over 1 run · \$\d+\.\d\d today$/);
  expect(
    await cost.evaluate(
      (element) =>
        element.scrollWidth <= element.clientWidth &&
        element.clientHeight < 1.5 * parseFloat(getComputedStyle(element).lineHeight),
    ),
  ).toBe(true);
  await page.screenshot({ path: "test-results/screenshots/chat-and-changes-1280.png" });
  for (const shot of [attentionShot, phoneShot, mainShot, changesShot])
    expect(statSync(shot).size).toBeGreaterThan(10_000);
});
