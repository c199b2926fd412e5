// The hook runs inside every Claude Code session, including ones in untrusted repositories, and
// its curl's command line is readable by every account (/proc). It must reach Arbor with its own
// hook token only, from a 0600 file, and never hold the access token at all.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { HookEventsBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { writeRecordingCommand } from "@/tests/support/recording-command.ts";
import { useArbor } from "@/tests/support/use-arbor.ts";

const server = useArbor();

/** The curl the hook would run, found on PATH like the hook's shell finds it. */
function realCurl(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "curl");
    if (dir && existsSync(candidate)) return candidate;
  }
  throw new Error("curl is not on PATH: the hook's sync path needs it");
}

describe("the hook's sync path", () => {
  it("delivers an event over HTTP without the access token, and curl's command line holds no token", async () => {
    // A `curl` first on PATH that records its arguments, then runs the real one (in the throw-away data directory).
    const curl = writeRecordingCommand({ dir: server.arbor.dataDir, name: "curl", thenRun: realCurl() });
    const sessionId = `hook-sync-${randomUUID()}`;
    const payload = {
      hook_event_name: "Stop",
      session_id: sessionId,
      cwd: os.tmpdir(),
      stop_hook_active: false,
      last_assistant_message: "Done.",
    };
    const hook = spawn(path.join(server.arbor.dataDir, "bin", "arbor-hook"), ["--sync"], {
      env: { ...process.env, PATH: `${curl.binDir}${path.delimiter}${process.env.PATH ?? ""}` },
      stdio: ["pipe", "ignore", "ignore"],
    });
    hook.stdin.end(JSON.stringify(payload));
    const [code] = (await once(hook, "exit")) as [number | null];
    expect(code).toBe(0);

    const argv = curl.readArgv().join("\n");
    expect(argv).toContain(`${server.arbor.url}/api/hooks/ingest`);
    const hookToken = readFileSync(path.join(server.arbor.dataDir, "hook-token"), "utf8").trim();
    expect(argv).not.toContain(hookToken);
    expect(argv).not.toContain(server.arbor.token);
    // The headers file curl reads holds the hook token only: a hook never holds the access token.
    const headers = readFileSync(path.join(server.arbor.dataDir, "bin", "arbor-hook.headers"), "utf8");
    expect(headers).toBe(`X-Arbor-Hook-Token: ${hookToken}\n`);

    // Stored from the HTTP delivery, not from the spool the hook falls back to when refused.
    const { events } = (await callApi<HookEventsBody>(server.arbor, `/api/hooks/events?sessionId=${sessionId}`)).body;
    expect(events).toEqual([expect.objectContaining({ eventName: "Stop", source: "http" })]);
    expect(readdirSync(path.join(server.arbor.dataDir, "hook-spool")).filter((name) => name !== "rejected")).toEqual(
      [],
    );
  });
});
