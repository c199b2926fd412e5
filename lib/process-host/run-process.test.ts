import { describe, expect, it } from "vitest";
import { ProcessFailure, runProcess } from "./run-process.ts";

describe("runProcess", () => {
  it("keeps only the end of a stream past maxOutputBytes and says it did", async () => {
    const result = await runProcess({
      bin: process.execPath,
      args: ["-e", 'process.stdout.write("a".repeat(5000) + "THE END")'],
      cwd: process.cwd(),
      env: { PATH: process.env.PATH },
      timeoutMs: 30_000,
      maxOutputBytes: 1000,
    });
    expect(result.isTruncated).toBe(true);
    expect(result.stdout.length).toBe(1000);
    expect(result.stdout.endsWith("THE END")).toBe(true);
  });

  it("does not start a command that was stopped before it started", async () => {
    const controller = new AbortController();
    controller.abort();
    const failure = await runProcess({
      bin: process.execPath,
      args: ["-e", "require('fs').writeFileSync('/should-not-run', 'x')"],
      cwd: process.cwd(),
      env: { PATH: process.env.PATH },
      timeoutMs: 30_000,
      signal: controller.signal,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProcessFailure);
    expect((failure as ProcessFailure).output).toMatchObject({ isStopped: true, exitCode: null });
  });

  it("kills a running command when stopped, and reports it stopped", async () => {
    const controller = new AbortController();
    const running = runProcess({
      bin: process.execPath,
      args: ["-e", "console.log('up'); setInterval(() => {}, 1000)"],
      cwd: process.cwd(),
      env: { PATH: process.env.PATH },
      timeoutMs: 60_000,
      signal: controller.signal,
      onOutput: (text) => {
        if (text.includes("up")) controller.abort();
      },
    }).catch((error: unknown) => error);
    const failure = (await running) as ProcessFailure;
    expect(failure.message).toContain("was stopped");
    expect(failure.output).toMatchObject({ isStopped: true, stdout: "up\n" });
  });
});
