import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { runClaude } from "@/lib/agent/run-claude.ts";
import type { ClaudeStreamEvent } from "@/lib/agent/stream/stream-event.ts";
import { useProcessHost } from "@/tests/support/use-process-host.ts";
import {
  CLAUDE_BIN,
  createTestRepo,
  isProcessAlive,
  expectProcessGroupGone,
  removeTestDirs,
} from "@/tests/support/claude-env.ts";

// runClaude's process handling, driven by small fake `claude` scripts (and missing paths): the
// cases the real CLI does not produce on demand.

const createdDirs: string[] = [];

afterEach(async () => {
  await removeTestDirs(createdDirs.splice(0));
});

async function writeFakeClaude(body: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "arbor-fake-claude-"));
  createdDirs.push(dir);
  const bin = path.join(dir, "claude");
  await writeFile(bin, `#!${process.execPath}\n${body}\n`);
  await chmod(bin, 0o755);
  return bin;
}

async function runFake(params: {
  bin: string;
  prompt?: string;
  signal?: AbortSignal;
  onEvent?: (event: ClaudeStreamEvent) => void;
  killGraceMs?: number;
}) {
  const events: ClaudeStreamEvent[] = [];
  const outcome = await runClaude({
    bin: params.bin,
    args: ["-p"],
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? "" },
    prompt: params.prompt ?? "hi",
    timeoutMs: 20_000,
    signal: params.signal,
    killGraceMs: params.killGraceMs,
    onEvent: (event) => {
      events.push(event);
      params.onEvent?.(event);
    },
  });
  return { outcome, events };
}

const line = (value: unknown) => JSON.stringify(value);
const delta = (text: string) =>
  line({
    type: "stream_event",
    parent_tool_use_id: null,
    event: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } },
  });
const okResult = line({
  type: "result",
  subtype: "success",
  is_error: false,
  result: "fine",
  num_turns: 1,
  modelUsage: { fake: {} },
});

// Every case runs twice: in this process (tests, benchmarks, the CLI) and through the process
// host the server uses, so both ways of starting claude behave the same.
describe.each(["local", "remote"] as const)("through the %s process host", (kind) => {
  useProcessHost(kind);

  describe("runClaude start-up failures", () => {
    it("reports a missing binary as claude_not_found naming the path", async () => {
      const repo = await createTestRepo();
      createdDirs.push(repo);
      const bin = path.join(repo, "no-such-dir", "claude");
      const outcome = await runClaude({
        bin,
        args: ["-p"],
        cwd: repo,
        env: { PATH: "/usr/bin" },
        prompt: "hi",
        timeoutMs: 5000,
      });

      expect(outcome).toMatchObject({ status: "failed", errorKind: "claude_not_found", pid: null, exitCode: null });
      expect(outcome.userMessage).toContain(bin);
      expect(outcome.userMessage).toContain("npm install -g @anthropic-ai/claude-code");
    });

    it("reports a missing working directory as spawn_failed naming the folder", async () => {
      const repo = await createTestRepo();
      createdDirs.push(repo);
      const cwd = path.join(repo, "removed-worktree");
      const outcome = await runClaude({
        bin: CLAUDE_BIN,
        args: ["-p"],
        cwd,
        env: { PATH: "/usr/bin" },
        prompt: "hi",
        timeoutMs: 5000,
      });

      expect(outcome).toMatchObject({ status: "failed", errorKind: "spawn_failed", pid: null });
      expect(outcome.userMessage).toContain(cwd);
    });
  });

  describe("runClaude with a fake claude binary", () => {
    it("tolerates garbage lines around valid ones and counts them", async () => {
      const bin = await writeFakeClaude(`
        const out = ${line(["Debugger attached.", delta("fi"), "{not json", delta("ne"), okResult].join("\n"))};
        process.stdin.resume();
        process.stdin.on("end", () => process.stdout.write(out + "\\n"));`);
      const { outcome, events } = await runFake({ bin });

      expect(outcome).toMatchObject({ status: "success", invalidLineCount: 2, text: "fine" });
      expect(events.filter((event) => event.kind === "invalid")).toEqual([
        { kind: "invalid", line: "Debugger attached." },
        { kind: "invalid", line: "{not json" },
      ]);
    });

    it("reports a process that dies mid-stream as crashed and keeps the partial text", async () => {
      const bin = await writeFakeClaude(`
        process.stdout.write(${line([delta("partial "), delta("answ")].join("\n") + "\n")});
        process.stderr.write("boom: out of memory\\n");
        process.exitCode = 3;`);
      const { outcome } = await runFake({ bin });

      expect(outcome).toMatchObject({
        status: "failed",
        errorKind: "crashed",
        exitCode: 3,
        text: "partial answ",
        result: null,
        isRetryable: true,
      });
      expect(outcome.stderrSnippet).toBe("boom: out of memory\n");
      expect(outcome.userMessage).toContain("exited with code 3");
    });

    it("survives EPIPE when the process exits without reading a large prompt", async () => {
      const bin = await writeFakeClaude(`process.stderr.write("error: unknown option '--nope'\\n"); process.exit(1);`);
      const { outcome } = await runFake({ bin, prompt: "x".repeat(2 * 1024 * 1024) });

      expect(outcome).toMatchObject({ status: "failed", errorKind: "crashed", exitCode: 1 });
      expect(outcome.userMessage).toContain("error: unknown option '--nope'");
    });

    it("SIGKILLs a process that ignores SIGINT after the grace period", async () => {
      const bin = await writeFakeClaude(`
        process.on("SIGINT", () => {});
        process.stdout.write(${line(delta("stubborn") + "\n")});
        setInterval(() => {}, 1000);`);
      const controller = new AbortController();
      const { outcome } = await runFake({
        bin,
        signal: controller.signal,
        killGraceMs: 300,
        onEvent: () => controller.abort(),
      });

      expect(outcome).toMatchObject({ status: "cancelled", signal: "SIGKILL", text: "stubborn" });
      await expectProcessGroupGone(outcome.pid);
    });

    it("kills what the CLI left running in its process group", async () => {
      const bin = await writeFakeClaude(`
        const { spawn } = require("node:child_process");
        const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "inherit" });
        process.stdout.write(JSON.stringify({ type: "fake_child", pid: child.pid }) + "\\n" + ${line(okResult + "\n")});
        child.unref();
        process.exit(0);`);
      let grandchildPid = 0;
      onTestFinished(() => {
        // If the assertion below fails, do not leave the orphan behind.
        if (grandchildPid > 1 && isProcessAlive(grandchildPid)) process.kill(grandchildPid, "SIGKILL");
      });
      const { outcome } = await runFake({
        bin,
        onEvent: (event) => {
          if (event.kind === "unknown" && event.type === "fake_child")
            grandchildPid = (event.raw as { pid: number }).pid;
        },
      });

      expect(outcome.status).toBe("success");
      expect(grandchildPid).toBeGreaterThan(1);
      // SIGKILL closes the grandchild's pipes a moment before the kernel marks it dead.
      await vi.waitFor(() => expect(isProcessAlive(grandchildPid)).toBe(false), { timeout: 2000 });
    });

    it("rejects when onEvent throws, after killing the process", async () => {
      const bin = await writeFakeClaude(`
        process.stdout.write(JSON.stringify({ type: "fake_pid", pid: process.pid }) + "\\n" + ${line(delta("x") + "\n")});
        setInterval(() => {}, 1000);`);
      let pid: number | null = null;
      const failing = runFake({
        bin,
        onEvent: (event) => {
          if (event.kind === "unknown") pid = (event.raw as { pid: number }).pid;
          else throw new Error("relay broke");
        },
      });

      await expect(failing).rejects.toThrow("relay broke");
      await expectProcessGroupGone(pid);
    });
  });
});
