// Arbor's own runs notify: finished and failed runs reach the inbox and the desktop, per the switches
// in Settings; quiet mode keeps the inbox and silences the desktop.
import type { Page } from "@playwright/test";
import type { NotificationsBody } from "@/tests/support/api-types.ts";
import { callApi, openSession, sendChat } from "@/tests/support/call-api.ts";
import { expect, test } from "./chat-fixtures.ts";

const ALL_ON = { notifyWaiting: true, notifyFailed: true, notifyFinished: true, quietMode: false };

/** Desktop notifications the page showed, through a stand-in for the browser's Notification (allowed). */
async function recordDesktopAlerts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    class RecordedNotification {
      static permission = "granted";
      static requestPermission = () => Promise.resolve("granted");
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push(`${title} | ${options?.body ?? ""}`);
      }
    }
    // The service worker's notifications (public/sw.js shows them once it runs) are recorded the same way.
    ServiceWorkerRegistration.prototype.showNotification = function (title: string, options?: NotificationOptions) {
      shown.push(`${title} | ${options?.body ?? ""}`);
      return Promise.resolve();
    };
    Object.defineProperty(window, "Notification", { value: RecordedNotification, configurable: true });
    Object.defineProperty(window, "arborShownAlerts", { value: shown });
  });
  return () => page.evaluate(() => (window as unknown as { arborShownAlerts: string[] }).arborShownAlerts);
}

test("finished and failed runs reach the inbox and the desktop; a switch turned off keeps its state out, quiet mode keeps only the inbox", async ({
  page,
  context,
  repo,
  claude,
}) => {
  const [first, second, third] = [
    await repo.addWorktree("n-first"),
    await repo.addWorktree("n-second"),
    await repo.addWorktree("n-third"),
  ];
  const session = (worktreePath: string) => openSession(claude.arbor, { repoId: repo.repoId, worktreePath });
  const inbox = async (worktreePath: string) =>
    (
      await callApi<NotificationsBody>(
        claude.arbor,
        `/api/notifications?worktreePath=${encodeURIComponent(worktreePath)}`,
      )
    ).body.notifications.map((row) => `${row.type}: ${row.excerpt}`);
  const alerts = await recordDesktopAlerts(page);
  // The switches are flipped in another tab: the watching tab follows at once.
  const settings = await context.newPage();
  const flip = async (name: string, isOn: boolean) => {
    const box = settings.getByTestId(`settings-${name}`);
    const saved = settings.waitForResponse(
      (response) => response.url().endsWith("/api/settings") && response.request().method() === "PUT",
    );
    await box.setChecked(isOn);
    expect((await saved).status()).toBe(200);
    await expect(box).toBeChecked({ checked: isOn });
  };
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "connected");
    await settings.goto("/settings");

    expect(
      (await sendChat(claude.arbor, { sessionId: await session(first), userMessage: "[[mock:text Shipped it.]]" }))
        .status,
    ).toBe(200);
    await expect(page.getByTestId("notification-toast").filter({ hasText: "Shipped it." })).toBeVisible();
    // Toasts stay in the repositories column, off the chat's approval cards and composer.
    const toasts = (await page.getByTestId("notification-toasts").boundingBox())!;
    const repos = (await page.getByTestId("column-repos").boundingBox())!;
    expect(toasts.x).toBeGreaterThanOrEqual(repos.x);
    expect(toasts.x + toasts.width).toBeLessThanOrEqual(repos.x + repos.width);
    await expect.poll(alerts).toEqual(["Claude finished | Shipped it."]);
    expect(await inbox(first)).toEqual(["completion: Shipped it."]);

    await flip("notifyFinished", false);
    await sendChat(claude.arbor, { sessionId: await session(second), userMessage: "[[mock:text Nobody hears this.]]" });
    expect(await inbox(second)).toEqual([]);
    await sendChat(claude.arbor, { sessionId: await session(third), userMessage: "[[mock:error 529]]" });
    const [failure] = await inbox(third);
    expect(failure).toMatch(/^error: /);
    await expect
      .poll(alerts)
      .toEqual(["Claude finished | Shipped it.", `Claude stopped on an error | ${failure!.slice("error: ".length)}`]);

    await flip("quietMode", true);
    const bell = page.getByTestId("notifications-bell");
    await expect(bell).toHaveAttribute("data-quiet", "true");
    const unreadBefore = Number(await bell.getAttribute("data-unread"));
    await sendChat(claude.arbor, { sessionId: await session(first), userMessage: "[[mock:error 529]]" });
    expect(await inbox(first)).toHaveLength(2);
    // The inbox collects it (the bell counts it) while no toast and no desktop notification show.
    await expect(bell).toHaveAttribute("data-unread", String(unreadBefore + 1));
    await expect(page.getByTestId("notification-toast").filter({ hasText: "529" })).toHaveCount(0);
    expect(await alerts()).toHaveLength(2);
  } finally {
    await callApi(claude.arbor, "/api/settings", { method: "PUT", body: ALL_ON });
  }
});
