import { spawn } from "node:child_process";
import { closeSync, constants, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { readAccessToken } from "@/lib/config/access-token.ts";
import type { ArborConfig } from "@/lib/config/arbor-config.ts";
import { buildChildEnv } from "@/lib/process-host/child-env.ts";
import { readRunningServer } from "./server-info.ts";

/**
 * `arbor open`: prints the sign-in link of the data directory's running server and opens it in
 * the browser. The browser is handed a 0600 file in the data directory that forwards to the
 * link (as Jupyter does), never the link itself: a command line (xdg-open's, the browser's) can
 * be read by every account on the machine, a file in the data directory cannot.
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
  const link = `${server.url}/?token=${encodeURIComponent(token)}`;
  console.log(`Open Arbor with this link (it signs your browser in):\n  ${link}`);
  if (input.isBrowserWanted) await openInBrowser({ file: writeForwardingPage({ dataDir, link }), token });
  return 0;
}

/** `<data dir>/open.html` (0600): a page that moves on to the sign-in link at once. */
function writeForwardingPage(input: { dataDir: string; link: string }): string {
  const file = path.join(input.dataDir, "open.html");
  const href = input.link.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  rmSync(file, { force: true });
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    writeSync(
      fd,
      `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
        `<meta http-equiv="refresh" content="0; url=${href}"><title>Opening Arbor</title>` +
        `<p>Opening Arbor… If nothing happens, <a href="${href}">open Arbor</a>.</p>\n`,
    );
  } finally {
    closeSync(fd);
  }
  return file;
}

/**
 * Opens a file in the desktop's browser, without a shell, with the allow-listed environment of a
 * browser (the desktop session's variables, none of Arbor's: the browser outlives this command).
 * Resolves once the opener started or failed to: a machine without one (a server, a container)
 * still has the printed link.
 */
async function openInBrowser(input: { file: string; token: string }): Promise<void> {
  const opener = process.platform === "darwin" ? "open" : "xdg-open";
  const env = buildChildEnv({ program: "browser", inherited: process.env, passNames: [], secrets: [input.token] });
  const child = spawn(opener, [pathToFileURL(input.file).href], {
    shell: false,
    stdio: "ignore",
    detached: true,
    env: env as NodeJS.ProcessEnv,
  });
  await new Promise<void>((resolve) => {
    child.once("spawn", () => resolve());
    child.once("error", (error: NodeJS.ErrnoException) => {
      console.error(`arbor: could not start ${opener} (${error.code ?? error.message}); open the link above yourself.`);
      resolve();
    });
  });
  child.unref();
}
