/** Runs one capture scenario: the real CLI, its stdout, stderr, exit code and hook calls (see capture.ts). */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RecordedRequest } from "@/tests/support/mock-anthropic/index.ts";
import type { Scenario } from "./scenarios.ts";

export interface Workspace {
  repo: string;
  home: string;
  configDir: string;
  hookLog: string;
  /** `<config dir>/projects/<slug>`. */
  projects: string;
  /** Replaces the temp paths with /work/example-repo and /home/user. */
  rewrite: (text: string) => string;
}

export interface ScenarioResult {
  stdout: string;
  sessionIds: string[];
  hooks: Record<string, Record<string, unknown>[]>;
  /** What the SDK driver wrote on stdin, or null. */
  sdkStdin: string | null;
  meta: Record<string, unknown>;
}

export async function runScenario(params: {
  claude: string;
  scenario: Scenario;
  workspace: Workspace;
  mockUrl: string;
  sessions: Map<string, string>;
  requests: RecordedRequest[];
}): Promise<ScenarioResult> {
  const { scenario, workspace } = params;
  const hookLog = path.join(workspace.hookLog, scenario.id);
  mkdirSync(hookLog, { recursive: true });
  const env: Record<string, string> = {
    HOME: workspace.home,
    CLAUDE_CONFIG_DIR: workspace.configDir,
    ANTHROPIC_API_KEY: "sk-test",
    ANTHROPIC_BASE_URL: params.mockUrl,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    ANTHROPIC_CUSTOM_HEADERS: `x-scenario: ${scenario.id}`,
    HOOKLOG: hookLog,
    ...scenario.env,
  };
  for (const name of scenario.unsetEnv ?? []) delete env[name];
  const args = scenario.args.map((arg) =>
    arg.replace(/\{\{session:([^}]+)\}\}/, (_, id: string) => params.sessions.get(id) ?? ""),
  );
  const requestsBefore = params.requests.length;
  const started = Date.now();
  const childEnv: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env };
  const child = spawn(params.claude, args, {
    cwd: workspace.repo,
    // Next's types make NODE_ENV required on ProcessEnv; the CLI gets only what the capture sets.
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let sdkStdin = scenario.sdk ? "" : null;
  let signalled = false;
  let pending = "";
  const write = (value: unknown) => {
    const line = `${JSON.stringify(value)}\n`;
    sdkStdin += line;
    child.stdin.write(line);
  };
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  child.stdout.on("data", (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    stdout += text;
    if (scenario.signal && !signalled && stdout.includes('"text_delta"')) {
      signalled = true;
      child.kill(scenario.signal);
    }
    if (!scenario.sdk) return;
    const lines = (pending + text).split("\n");
    pending = lines.pop() ?? "";
    answerControlRequests({ lines, answer: scenario.sdk.answer, write, end: () => child.stdin.end() });
  });
  if (scenario.sdk) {
    write({
      type: "user",
      message: { role: "user", content: [{ type: "text", text: scenario.sdk.prompt }] },
      parent_tool_use_id: null,
      session_id: "",
    });
  } else {
    if (scenario.stdin !== undefined) child.stdin.write(scenario.stdin);
    child.stdin.end();
  }
  const exitCode = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const sessionIds = [...new Set([...stdout.matchAll(/"session_id":"([0-9a-f-]{36})"/g)].map((m) => m[1] ?? ""))];
  const hooks = readHookLog({ dir: hookLog, rewrite: workspace.rewrite });
  const meta = {
    scenario: scenario.id,
    description: scenario.description,
    argv: ["claude", ...args.map(workspace.rewrite)],
    cwd: "/work/example-repo",
    stdin: scenario.sdk ? `${scenario.id}.stdin.jsonl` : (scenario.stdin ?? null),
    env: Object.fromEntries(
      Object.entries(env)
        .filter(([key]) => key !== "HOOKLOG")
        .map(([key, value]): [string, string] => [key, workspace.rewrite(value)]),
    ),
    exit_code: exitCode,
    duration_s: Math.round((Date.now() - started) / 10) / 100,
    stdout_file: `${scenario.id}.jsonl`,
    stdout_bytes: Buffer.byteLength(workspace.rewrite(stdout)),
    stderr: workspace.rewrite(stderr),
    session_ids_in_stdout: sessionIds,
    hooks_fired: Object.fromEntries(
      Object.entries(hooks)
        .map(([event, calls]): [string, number] => [event, calls.length])
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
    mock_api_messages_requests: params.requests
      .slice(requestsBefore)
      .filter((r) => r.pathname === "/v1/messages" && r.headers["x-scenario"] === scenario.id).length,
  };
  return { stdout, sessionIds, hooks, sdkStdin, meta };
}

/** The driver's side of the control protocol: answer `can_use_tool`, close stdin after `result`. */
function answerControlRequests(params: {
  lines: string[];
  answer: "allow" | "deny";
  write: (value: unknown) => void;
  end: () => void;
}): void {
  for (const line of params.lines) {
    if (!line.startsWith("{")) continue;
    const event = JSON.parse(line) as {
      type?: string;
      request_id?: string;
      request?: { subtype?: string; input?: unknown };
    };
    if (event.type === "result") params.end();
    if (event.type !== "control_request" || event.request?.subtype !== "can_use_tool") continue;
    const response =
      params.answer === "allow"
        ? { behavior: "allow", updatedInput: event.request.input }
        : { behavior: "deny", message: "Denied by the capture driver." };
    params.write({
      type: "control_response",
      response: { subtype: "success", request_id: event.request_id, response },
    });
  }
}

function readHookLog(params: {
  dir: string;
  rewrite: (text: string) => string;
}): Record<string, Record<string, unknown>[]> {
  if (!existsSync(params.dir)) return {};
  const calls: Record<string, Record<string, unknown>[]> = {};
  for (const file of readdirSync(params.dir).filter((name) => name.endsWith(".jsonl"))) {
    const lines = params
      .rewrite(readFileSync(path.join(params.dir, file), "utf8"))
      .split("\n")
      .filter(Boolean);
    calls[file.replace(/\.jsonl$/, "")] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
  return calls;
}
