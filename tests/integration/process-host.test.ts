import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors/app-error.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import { childEnv } from "@/lib/process-host/child-env-source.ts";
import { startRemoteProcessHost } from "@/lib/process-host/remote-process-host.ts";
import { ProcessFailure, runProcess } from "@/lib/process-host/run-process.ts";
import type { ProcessHost, SpawnListener, SpawnRequest } from "@/lib/process-host/types.ts";
import { isProcessAlive } from "@/tests/support/claude-env.ts";
import { findProcessHosts } from "@/tests/support/find-processes.ts";
import { PROCESS_HOST_ENTRY } from "@/tests/support/process-host-entry.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";
import { useProcessHost } from "@/tests/support/use-process-host.ts";

// The remote process host: what the server relies on when every claude and git process is
// started by a forked child instead of on its own event loop.

interface Recorded {
  started: Promise<number>;
  closed: Promise<{
    stdout: string;
    stderr: string;
    exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  }>;
  spawnError: Promise<{ code: string | null; message: string }>;
}

function record(host: ProcessHost, request: Partial<SpawnRequest> & Pick<SpawnRequest, "bin" | "args">): Recorded {
  let onStart!: (pid: number) => void;
  let onClose!: (value: Awaited<Recorded["closed"]>) => void;
  let onSpawnError!: (failure: { code: string | null; message: string }) => void;
  const started = new Promise<number>((resolve) => (onStart = resolve));
  const closed = new Promise<Awaited<Recorded["closed"]>>((resolve) => (onClose = resolve));
  const spawnError = new Promise<{ code: string | null; message: string }>((resolve) => (onSpawnError = resolve));
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const listener: SpawnListener = {
    onStart,
    onSpawnError,
    onStdout: (chunk) => stdout.push(Buffer.from(chunk)),
    onStderr: (chunk) => stderr.push(Buffer.from(chunk)),
    onStdinError: () => {},
    onExit: (code, signal) => (exit = { code, signal }),
    onClose: () =>
      onClose({ stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8"), exit }),
  };
  host.spawn({ cwd: tmpdir(), env: { PATH: process.env.PATH }, stdin: "", pipeGraceMs: 1000, ...request }, listener);
  return { started, closed, spawnError };
}

const hosts: ProcessHost[] = [];
function newHost(): ProcessHost {
  const host = startRemoteProcessHost({ entry: PROCESS_HOST_ENTRY, env: childEnv("process-host") });
  hosts.push(host);
  return host;
}
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

function hostPidOf(): number {
  const found = findProcessHosts(process.pid);
  expect(found).toHaveLength(1);
  return found[0]!.pid;
}

describe("remote process host", () => {
  it("streams stdin, stdout, stderr and the exit status of a process, byte for byte", async () => {
    const host = newHost();
    const text = "héllo $(x) `y` -n\n日本語\n".repeat(2000);
    const run = record(host, {
      bin: process.execPath,
      args: ["-e", "process.stdin.pipe(process.stdout); console.error('to stderr'); process.exitCode = 3"],
      stdin: text,
    });
    const { stdout, stderr, exit } = await run.closed;
    expect(stdout).toBe(text);
    expect(stderr).toBe("to stderr\n");
    expect(exit).toEqual({ code: 3, signal: null });
  });

  it("applies the requested niceness as soon as the process exists, to its scheduler autogroup too", async () => {
    const host = newHost();
    const run = record(host, { bin: "sleep", args: ["30"], niceness: 19 });
    const pid = await run.started;
    expect(getPriority(pid)).toBe(19);
    // With autogroups on (Linux default), a new session competes as a whole, whatever its nice value.
    if (
      existsSync("/proc/sys/kernel/sched_autogroup_enabled") &&
      readFileSync("/proc/sys/kernel/sched_autogroup_enabled", "utf8").trim() === "1"
    ) {
      expect(readFileSync(`/proc/${pid}/autogroup`, "utf8")).toMatch(/ nice 19$/m);
    }
    process.kill(-pid, "SIGKILL");
    expect((await run.closed).exit).toEqual({ code: null, signal: "SIGKILL" });
  });

  it("reports a binary that does not exist as a spawn error with its errno code", async () => {
    const host = newHost();
    const failure = await record(host, { bin: "/nonexistent/claude", args: [] }).spawnError;
    expect(failure.code).toBe("ENOENT");
    expect(failure.message).toContain("/nonexistent/claude");
  });

  it("runs git and passes git's own complaint back", async () => {
    const host = newHost();
    expect(await host.git(["--version"], childEnv("git"))).toMatch(/^git version /);
    await expect(host.git(["-C", tmpdir(), "rev-parse", "--git-common-dir"], childEnv("git"))).rejects.toThrow(
      /not a git repository/,
    );
  });

  it("when the host dies mid-run: the run ends as killed, its process is gone, git calls fail clearly and the next call starts a new host", async () => {
    const host = newHost();
    const run = record(host, { bin: "sleep", args: ["600"] });
    const sleepPid = await run.started;
    process.kill(hostPidOf(), "SIGKILL");
    expect((await run.closed).exit).toEqual({ code: null, signal: "SIGKILL" });
    await expect.poll(() => isProcessAlive(sleepPid), { timeout: 10_000 }).toBe(false);
    expect(await host.git(["--version"], childEnv("git"))).toMatch(/^git version /);
  });

  it("when the server dies (kill -9), the host kills what it started and exits", async () => {
    const parent = spawn(process.execPath, ["--import", "tsx", "tests/support/process-host-parent.ts"], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [firstLine] = await createInterface({ input: parent.stdout })
      [Symbol.asyncIterator]()
      .next()
      .then((next) => [next.value as string]);
    const sleepPid = Number(firstLine);
    expect(isProcessAlive(sleepPid)).toBe(true);
    const [hostProcess] = findProcessHosts(parent.pid!);
    expect(hostProcess).toBeDefined();
    parent.kill("SIGKILL");
    await expect.poll(() => isProcessAlive(sleepPid), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => isProcessAlive(hostProcess!.pid), { timeout: 10_000 }).toBe(false);
  });
});

describe("runGit through the remote host", () => {
  useProcessHost("remote");

  it("maps a git failure to git_failed with git's message", async () => {
    const error = await runGit({ cwd: tmpdir(), args: ["rev-parse", "--git-common-dir"] }).catch(
      (caught: unknown) => caught,
    );
    expect(isAppError(error) && error.code).toBe("git_failed");
    expect(isAppError(error) && error.details?.gitMessage).toMatch(/not a git repository/);
  });
});

describe("runProcess through the remote host", () => {
  useProcessHost("remote");
  const run = (args: string[], timeoutMs = 10_000) =>
    runProcess({ bin: process.execPath, args: ["-e", ...args], cwd: tmpdir(), env: childEnv("setup"), timeoutMs });

  it("resolves with the output of a command that exits 0", async () => {
    expect(await run(["process.stdout.write('out'); process.stderr.write('err')"])).toEqual({
      stdout: "out",
      stderr: "err",
      isTruncated: false,
    });
  });

  it("rejects a non-zero exit with the status and stderr's first line", async () => {
    await expect(run(["console.error('\\nnot logged in\\nmore'); process.exit(4)"])).rejects.toThrow(
      /exited with status 4: not logged in$/,
    );
  });

  it("rejects a missing binary with its errno code", async () => {
    const error = await runProcess({
      bin: "no-such-binary-arbor",
      args: [],
      cwd: tmpdir(),
      env: childEnv("setup"),
      timeoutMs: 5000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProcessFailure);
    expect((error as ProcessFailure).code).toBe("ENOENT");
  });

  it("kills a command that outlives its timeout and says so", async () => {
    await expect(run(["setInterval(() => {}, 1000)"], 300)).rejects.toThrow(/timed out after 300 ms/);
  });
});
