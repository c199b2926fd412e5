// Signed-in browsers: another device signs in with a one-time link from Settings, is listed, and is signed
// out from there; its open page says so at once. A link opened twice lets nobody in the second time.
import { expect, test } from "./arbor-fixtures.ts";

test("Settings signs another device in once, lists it, and signs it out; its page says how to get back in", async ({
  page,
  browser,
  arbor,
}) => {
  await page.goto("/settings");
  const section = page.getByTestId("signed-in-browsers");
  await expect(section.getByTestId("signed-in-browser").filter({ hasText: "this browser" })).toHaveCount(1);

  await section.getByTestId("sign-in-another-device").click();
  const link = (await section.getByTestId("sign-in-link").locator("code").textContent())!;
  expect(link).toMatch(new RegExp(`^${arbor.url}/\\?signin=[A-Za-z0-9_-]{43}$`));

  const deviceContext = await browser.newContext();
  const device = await deviceContext.newPage();
  const pinsRead = device.waitForResponse((response) => new URL(response.url()).pathname === "/api/repo-pins");
  await device.goto(link);
  await expect(device).toHaveURL(`${arbor.url}/`);
  // The new device's page reads the API with its own page key.
  expect((await pinsRead).status()).toBe(200);
  await expect(device.getByTestId("open-attention")).toBeVisible();
  await expect(device.getByTestId("signed-out-notice")).toHaveCount(0);

  // The same link again, in yet another browser: used up.
  const lateContext = await browser.newContext();
  const late = await lateContext.newPage();
  const refused = await late.goto(link);
  expect(refused?.status()).toBe(401);
  await expect(late.getByTestId("sign-in-page")).toContainText("already used or has expired");

  await page.reload();
  const rows = section.getByTestId("signed-in-browser");
  // The list is loaded (this browser is in it) before it is counted.
  await expect(rows.filter({ hasText: "this browser" })).toHaveCount(1);
  const before = await rows.count();
  // The newest other browser is the device: sign it out.
  const deviceRow = rows.filter({ hasNotText: "this browser" }).first();
  await deviceRow.getByTestId("sign-out-browser").click();
  await expect(rows).toHaveCount(before - 1);
  await expect(device.getByTestId("signed-out-notice")).toBeVisible();
  await expect(device.getByTestId("signed-out-notice")).toContainText("npx arbor open");

  await deviceContext.close();
  await lateContext.close();
});

test("a browser whose page key is gone is told how to sign in again, not shown failing panels", async ({ page }) => {
  await page.evaluate(() => localStorage.removeItem("arbor.pageKey"));
  await page.reload();
  await expect(page.getByTestId("signed-out-notice")).toBeVisible();
  await expect(page.getByTestId("signed-out-notice")).toContainText("Sign in another device");
});
