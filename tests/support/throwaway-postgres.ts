import { spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A PostgreSQL server in a temporary directory, for one test run, benchmark or migration diff. */
export interface ThrowawayPostgres {
  /** Superuser URL of the `postgres` database (no password: trust on 127.0.0.1 only). */
  adminUrl: string;
  /** The URL of database `name` on this server. */
  urlOf(name: string): string;
  port: number;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** Where Debian's (and most distributions') PostgreSQL binaries are, newest version first. */
export function findPostgresBinDir(): string | null {
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((name) => /^\d+$/.test(name) && existsSync(path.join(base, name, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], "bin");
  }
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (path.isAbsolute(dir) && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")))
      return dir;
  }
  return null;
}

/** The message tests print when they skip because PostgreSQL is missing. */
export const POSTGRES_MISSING =
  "PostgreSQL is not installed (no initdb in /usr/lib/postgresql/*/bin or on PATH): install it with `apt-get install postgresql`";

/**
 * Starts a throw-away PostgreSQL: initdb in a temporary directory and pg_ctl on a free port of
 * 127.0.0.1 (no Unix socket outside that directory). PostgreSQL refuses to run as root, so as root
 * it runs as the `postgres` account Debian's package creates; otherwise as the current user.
 * `durable: false` (tests) turns fsync off; benchmarks keep the defaults.
 */
export async function startThrowawayPostgres(options: { durable?: boolean } = {}): Promise<ThrowawayPostgres> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error(POSTGRES_MISSING);
  const owner = process.getuid?.() === 0 ? findAccount("postgres") : undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), "arbor-pg-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, "data");
  await run(path.join(binDir, "initdb"), ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"], {
    owner,
  });
  const port = await findFreePort();
  const settings = [
    "-c listen_addresses=127.0.0.1",
    `-p ${port}`,
    `-k ${dir}`,
    "-c max_connections=300",
    ...(options.durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
  ];
  await run(
    path.join(binDir, "pg_ctl"),
    ["-D", dataDir, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "-o", settings.join(" "), "start"],
    { owner },
  );
  const urlOf = (name: string) => `postgresql://postgres@127.0.0.1:${port}/${name}`;
  return {
    adminUrl: urlOf("postgres"),
    urlOf,
    port,
    async stop() {
      await run(path.join(binDir, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"], { owner });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function findAccount(name: string): { uid: number; gid: number } {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`Running as root, PostgreSQL needs the "${name}" account its package creates.`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function run(bin: string, args: string[], options: { owner?: { uid: number; gid: number } }): Promise<void> {
  const env = {} as NodeJS.ProcessEnv;
  Object.assign(env, { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8" });
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      stdio: ["ignore", "pipe", "pipe"],
      cwd: os.tmpdir(),
      env,
      ...(options.owner ?? {}),
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} exited with ${code}:\n${output}`)),
    );
  });
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
