import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { browserHeaders, signInWithLink } from "@/tests/support/browser-credential.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";

// `arbor start` typed in any folder (bin/arbor.mjs): the server runs in the project folder, from the
// build's bundle, with a data folder named relative to where the command was typed.
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function arborStart(args: string[], cwd: string) {
  const home = path.join(cwd, "home");
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, NODE_ENV: "production" };
  if (process.env.ARBOR_NEXT_DIST) env.ARBOR_NEXT_DIST = process.env.ARBOR_NEXT_DIST;
  // Its own process group: the command waits on the server it starts, and the test stops both.
  const child = spawn(process.execPath, [path.join(repoRoot, "bin", "arbor.mjs"), "start", ...args], {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    output: () => output,
    exited,
    /** The printed sign-in link, once the server is up (rejects if the command ends first). */
    signInLink: () =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          const match = /signs your browser in, once\): (http:\/\/\S+)/.exec(output);
          if (match) resolve(match[1]!);
        };
        child.stdout.on("data", check);
        void exited.then((code) => reject(new Error(`arbor start exited (${code}):\n${output}`)));
      }),
    stop: async () => {
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    },
  };
}

describe("arbor start", () => {
  it("starts from another folder, keeps its data where the relative --data-dir says, and signs a browser in", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "arbor-start-"));
    folders.push(cwd);
    const arbor = arborStart(["--port", "0", "--data-dir", "data"], cwd);
    try {
      const link = await arbor.signInLink();
      expect(arbor.output()).toMatch(/running the server bundled with build \d+-\d+/);
      expect(arbor.output()).toContain(`data directory: ${path.join(cwd, "data")}`);
      expect(existsSync(path.join(cwd, "data", "access-token"))).toBe(true);
      const browser = await signInWithLink(link);
      const url = new URL(link).origin;
      const pins = await fetch(`${url}/api/repo-pins`, { headers: browserHeaders({ url, browser }) });
      expect(pins.status).toBe(200);
    } finally {
      await arbor.stop();
    }
  });

  it("refuses an unknown option, saying which options there are, and starts nothing", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "arbor-start-"));
    folders.push(cwd);
    const arbor = arborStart(["--colour", "blue"], cwd);
    expect(await arbor.exited).toBe(1);
    expect(arbor.output()).toContain('arbor: Unknown option "--colour". Options: --port, --host, --data-dir');
    expect(existsSync(path.join(cwd, "data"))).toBe(false);
  });
});
