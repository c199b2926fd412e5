import { spawn } from "node:child_process";
import { readAccessToken } from "@/lib/config/access-token.ts";
import type { ArborConfig } from "@/lib/config/arbor-config.ts";
import { buildChildEnv } from "@/lib/process-host/child-env.ts";
import { readRunningServer } from "./server-info.ts";

/**
 * `arbor open`: asks the data directory's running server for a new sign-in link, which Arbor prints on its
 * own terminal (never to this command: any program Arbor starts can run it too, and must not get a way
 * in), and opens Arbor in the browser. A browser already signed in is simply in; another one shows how
 * to use the printed link.
 */
export async function runOpenCommand(input: { config: ArborConfig; isBrowserWanted: boolean }): Promise<number> {
  const { dataDir } = input.config;
  const server = readRunningServer(dataDir);
  if (!server) {
    console.error(`arbor: Arbor is not running for ${dataDir}: start it with npm start (or arbor start).`);
    return 1;
  }
  const token = input.config.token ?? readAccessToken(dataDir);
  if (!token) {
    console.error(`arbor: ${dataDir} has no access token yet: start Arbor with npm start, which creates it.`);
    return 1;
  }
  const asked = await requestSignInLink({ url: server.url, token });
  if (!asked.ok) {
    console.error(`arbor: ${asked.message}`);
    return 1;
  }
  console.log(
    `Arbor printed a new sign-in link in the terminal where it runs (it works once, for 10 minutes).\n` +
      `Opening ${server.url}/ — a browser that is already signed in goes straight in; otherwise open that link in it.`,
  );
  if (input.isBrowserWanted) await openInBrowser({ url: `${server.url}/`, token });
  return 0;
}

async function requestSignInLink(input: { url: string; token: string }): Promise<{ ok: boolean; message: string }> {
  try {
    const response = await fetch(`${input.url}/api/sign-in/requests`, {
      method: "POST",
      headers: { authorization: `Bearer ${input.token}` },
    });
    if (response.ok) return { ok: true, message: "" };
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { ok: false, message: `Arbor refused the request (${response.status}): ${body?.error?.message ?? ""}` };
  } catch (error) {
    return {
      ok: false,
      message: `could not reach Arbor at ${input.url} (${(error as Error).message}); is it running?`,
    };
  }
}

/**
/**
 * Opens Arbor's address (no secret in it) in the desktop's browser, without a shell, with the allow-listed
 * environment of a browser (the desktop session's variables, none of Arbor's: the browser outlives this
 * command). Resolves once the opener started or failed to: a machine without one (a server, a container)
 * still has the address.
 */
async function openInBrowser(input: { url: string; token: string }): Promise<void> {
  const opener = process.platform === "darwin" ? "open" : "xdg-open";
  const env = buildChildEnv({ program: "browser", inherited: process.env, passNames: [], secrets: [input.token] });
  const child = spawn(opener, [input.url], {
    shell: false,
    stdio: "ignore",
    detached: true,
    env: env as NodeJS.ProcessEnv,
  });
  await new Promise<void>((resolve) => {
    child.once("spawn", () => resolve());
    child.once("error", (error: NodeJS.ErrnoException) => {
      console.error(`arbor: could not start ${opener} (${error.code ?? error.message}); open ${input.url} yourself.`);
      resolve();
    });
  });
  child.unref();
}
