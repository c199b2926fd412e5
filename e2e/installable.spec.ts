// Arbor installs as an app: a web app manifest with its icons, and a service worker that keeps the start page for an
// offline start.
import { expect, test } from "./arbor-fixtures.ts";

interface ManifestBody {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

test("the manifest and its icons are served without signing in (browsers fetch them without cookies)", async ({
  arbor,
}) => {
  const response = await fetch(`${arbor.url}/manifest.webmanifest`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/application\/manifest\+json/);
  const manifest = (await response.json()) as ManifestBody;
  expect(manifest).toMatchObject({ name: "Arbor", short_name: "Arbor", start_url: "/", scope: "/" });
  expect(manifest.display).toBe("standalone");
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  const pngs = manifest.icons.filter((icon) => icon.type === "image/png");
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of pngs) {
    const image = await fetch(`${arbor.url}${icon.src}`);
    expect(image.status, icon.src).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const size = Number(icon.sizes.split("x")[0]);
    // The PNG header's width and height (bytes 16–23) match what the manifest says.
    const bytes = new DataView(await image.arrayBuffer());
    expect([bytes.getUint32(16), bytes.getUint32(20)]).toEqual([size, size]);
  }
  // Everything else still needs the token.
  expect((await fetch(`${arbor.url}/sw.js`)).status).toBe(401);
});

test("the page links the manifest and registers the service worker, which starts the app offline", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  const scriptUrl = await page.evaluate(() =>
    navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL ?? null),
  );
  expect(new URL(scriptUrl!).pathname).toBe("/sw.js");
  // Once it controls the page (it claims it on activation), the start page and its build files are kept.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => page.evaluate(() => caches.match("/").then((cached) => cached !== undefined))).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole("heading", { name: /Arbor/, level: 1 })).toBeVisible();
    // The app runs (it renders and says it cannot reach the server yet), instead of the browser's offline page.
    await expect(page.getByRole("heading", { name: "Pick a repository" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
