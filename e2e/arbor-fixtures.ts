import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { removeDataDir, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";

/** How much of the server's output a failed test keeps: its end, where the failure is. */
const SERVER_LOG_CHARS = 12_000;

/**
 * Signs the test's browser in the way a user does, by opening a one-time sign-in link, then
 * hands the page to the test and fails it if the page reported any Content-Security-Policy
 * violation meanwhile (Chromium logs each one as a console error; the page also sees a
 * `securitypolicyviolation` event, reported here through a binding). A failed test keeps what
 * the server printed during it and the requests it answered with a 5xx, so a failure in CI
 * can be read from the report.
 */
export async function useSignedInPage(
  input: { page: Page; arbor: RunningArbor; testInfo: TestInfo },
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const { page, arbor, testInfo } = input;
  const outputBefore = arbor.output().length;
  const serverErrors: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 500)
      serverErrors.push(
        `${new Date().toISOString()} ${response.status()} ${response.request().method()} ${response.url()}`,
      );
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content[- ]Security[- ]Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  await page.exposeBinding("arborReportCspViolation", (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { arborReportCspViolation: (text: string) => void }).arborReportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`);
    });
  });
  // Each test's browser signs in with its own one-time link ("Sign in another device"), as a user's would.
  await page.goto(await arbor.mintSignInLink());
  // The link set the session cookie, stored the page key and took the code out of the address bar.
  await expect(page).toHaveURL(`${arbor.url}/`);
  try {
    await use(page);
  } finally {
    if (testInfo.status !== testInfo.expectedStatus) {
      const output = arbor.output().slice(outputBefore);
      await testInfo.attach("server output", {
        body: output.length > SERVER_LOG_CHARS ? `…${output.slice(-SERVER_LOG_CHARS)}` : output || "(nothing)",
        contentType: "text/plain",
      });
      if (serverErrors.length > 0)
        await testInfo.attach("5xx answers", { body: serverErrors.join("\n"), contentType: "text/plain" });
    }
  }
  expect(violations, "Content-Security-Policy violations reported by the page").toEqual([]);
}

/**
 * `arbor`: one real Arbor server per Playwright worker (own port, own throw-away data
 * directory). Tests create their own git repositories, so they never share state.
 * `page`: a page signed in with the server's printed link, watched for CSP violations.
 */
export const test = base.extend<{ baseURL: string }, { arbor: RunningArbor }>({
  arbor: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern and requires one, even empty.
    async ({}, use) => {
      const arbor = await startArbor();
      await use(arbor);
      await arbor.stop();
      removeDataDir(arbor.dataDir);
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ arbor }, use) => use(arbor.url),
  page: async ({ page, arbor }, use, testInfo) => useSignedInPage({ page, arbor, testInfo }, use),
});

export { expect };
