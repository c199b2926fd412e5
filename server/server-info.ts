import { closeSync, constants, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * `<data dir>/server.json` (0600): where the running server listens, so `arbor open` can print
 * the sign-in link without being told the port. Never holds a token: that stays in access-token.
 */
export function serverInfoFile(dataDir: string): string {
  return path.join(dataDir, "server.json");
}

const serverInfoSchema = z.object({ url: z.url(), pid: z.number().int().positive() });
export type ServerInfo = z.infer<typeof serverInfoSchema>;

/** The address a browser on this machine opens: a wildcard bind is reached through 127.0.0.1. */
export function localServerUrl(input: { host: string; port: number }): string {
  const host = input.host === "0.0.0.0" || input.host === "::" ? "127.0.0.1" : input.host;
  return `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${input.port}`;
}

/** Records this process as the data directory's running server (replacing a stale record). */
export function writeServerInfo(input: { dataDir: string; url: string }): void {
  const file = serverInfoFile(input.dataDir);
  rmSync(file, { force: true });
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    writeSync(fd, `${JSON.stringify({ url: input.url, pid: process.pid } satisfies ServerInfo)}\n`);
  } finally {
    closeSync(fd);
  }
}

/** Removes the record at shutdown, unless another server has written its own since. */
export function removeServerInfo(dataDir: string): void {
  if (readServerInfo(dataDir)?.pid === process.pid) rmSync(serverInfoFile(dataDir), { force: true });
}

/** The data directory's running server, or null when none is recorded or its process is gone. */
export function readRunningServer(dataDir: string): ServerInfo | null {
  const info = readServerInfo(dataDir);
  return info && isProcessAlive(info.pid) ? info : null;
}

function readServerInfo(dataDir: string): ServerInfo | null {
  let text: string;
  try {
    text = readFileSync(serverInfoFile(dataDir), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null; // A record cut short by a crash: no running server is known.
  }
  const parsed = serverInfoSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Signal 0 only checks the process: ESRCH when it is gone, EPERM when the pid is now another account's. */
function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
