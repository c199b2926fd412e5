/**
 * Records what the installed `claude` CLI does against the loopback mock model, in the layout of
 * tests/fixtures/claude-code-<version>/ (stream-json/, hooks/, transcripts/). A developer's tool, run
 * by hand when the pinned CLI changes: `node --import tsx scripts/claude-fixtures/capture.ts <out dir>`.
 * Only the model is fake; every file is the real CLI's output with temp paths rewritten.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startMockAnthropic } from "@/tests/support/mock-anthropic/index.ts";
import { runScenario, type Workspace } from "./run-scenario.ts";
import { SCENARIOS, type Scenario } from "./scenarios.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLAUDE = path.join(ROOT, "node_modules/.bin/claude");
const OUT = path.resolve(process.argv[2] ?? "capture-out");
/** Scenario ids after the out dir capture only those (and leave hooks/ alone). */
const ONLY = process.argv.slice(3);
const CHOSEN = ONLY.length > 0 ? SCENARIOS.filter((s) => ONLY.includes(s.id)) : SCENARIOS;
const OLD_HOOKS = path.join(ROOT, "tests/fixtures/claude-code-2.1.197/hooks");

const version = execFileSync(CLAUDE, ["--version"], { encoding: "utf8" }).split(" ")[0] ?? "unknown";
const hookEvents = findHookEvents();
const mock = await startMockAnthropic({ port: 18642 });
const scripts = new Map(CHOSEN.filter((s) => s.script).map((s) => [s.id, s.script!]));
mock.setResponder(({ request }) => scripts.get(String(request.headers["x-scenario"])) ?? null);

const workspaces = new Map<string, Workspace>();
const sessions = new Map<string, string>();
const hookLogs = new Map<string, Record<string, Record<string, unknown>[]>>();
for (const dir of ["stream-json", "hooks", "transcripts"]) mkdirSync(path.join(OUT, dir), { recursive: true });

const slowIds = ["e01-http401", "e03-http500"];
const [slow, rest] = [CHOSEN.filter((s) => slowIds.includes(s.id)), CHOSEN.filter((s) => !slowIds.includes(s.id))];
const background = slow.map((scenario) => capture(scenario));
for (const scenario of rest) await capture(scenario);
await Promise.all(background);
await mock.close();
if (ONLY.length === 0) writeHookExamples();
console.log(`captured ${CHOSEN.length} scenarios of Claude Code ${version} into ${OUT}`);

async function capture(scenario: Scenario): Promise<void> {
  const workspace = workspaceFor(scenario);
  const result = await runScenario({
    claude: CLAUDE,
    scenario,
    workspace,
    mockUrl: mock.url,
    sessions,
    requests: mock.requests,
  });
  sessions.set(scenario.id, result.sessionIds[0] ?? "");
  hookLogs.set(scenario.id, result.hooks);
  console.log(`${scenario.id}: exit ${String(result.meta.exit_code)} in ${String(result.meta.duration_s)} s`);
  if (scenario.keepStream) {
    const stdoutFile = path.join(OUT, "stream-json", `${scenario.id}.jsonl`);
    writeFileSync(stdoutFile, workspace.rewrite(result.stdout));
    writeFileSync(
      path.join(OUT, "stream-json", `${scenario.id}.meta.json`),
      `${JSON.stringify(result.meta, null, 2)}\n`,
    );
    if (result.sdkStdin !== null)
      writeFileSync(path.join(OUT, "stream-json", `${scenario.id}.stdin.jsonl`), result.sdkStdin);
  }
  if (scenario.transcriptAs)
    copyTranscript({ workspace, sessionId: result.sessionIds.at(-1) ?? "", name: scenario.transcriptAs });
}

function workspaceFor(scenario: Scenario): Workspace {
  const key = scenario.group ?? scenario.id;
  const existing = workspaces.get(key);
  if (existing) return existing;
  const base = mkdtempSync(path.join(os.tmpdir(), "claude-capture-"));
  const workspace = createWorkspace({ base, files: scenario.files ?? {} });
  workspaces.set(key, workspace);
  return workspace;
}

function createWorkspace(params: { base: string; files: Record<string, string> }): Workspace {
  const repo = path.join(params.base, "repo");
  const home = path.join(params.base, "home");
  const configDir = path.join(home, ".claude");
  mkdirSync(path.join(repo, ".claude/hooks"), { recursive: true });
  mkdirSync(path.join(repo, ".claude/commands"), { recursive: true });
  mkdirSync(configDir, { recursive: true });
  execFileSync("git", ["init", "-q", repo]);
  cpSync(path.join(import.meta.dirname, "log_hook.py"), path.join(repo, ".claude/hooks/log_hook.py"));
  writeFileSync(path.join(repo, ".claude/settings.json"), JSON.stringify(projectSettings(), null, 2));
  writeFileSync(path.join(repo, "CLAUDE.md"), "# Example repo\n\nBe brief.\n");
  writeFileSync(path.join(repo, ".claude/commands/hello.md"), "Say hello to $ARGUMENTS.\n");
  writeFileSync(path.join(repo, "watched.txt"), "watched\n");
  for (const [name, text] of Object.entries(params.files)) writeFileSync(path.join(repo, name), text);
  const slug = (value: string) => value.replace(/[^A-Za-z0-9]/g, "-");
  const rewrite = (text: string) =>
    text
      .replaceAll(configDir, "/home/user/.claude")
      .replaceAll(home, "/home/user")
      .replaceAll(repo, "/work/example-repo")
      .replaceAll(slug(repo), "-work-example-repo");
  return {
    repo,
    home,
    configDir,
    hookLog: path.join(params.base, "hooklog"),
    projects: path.join(configDir, "projects", slug(repo)),
    rewrite,
  };
}

function projectSettings(): unknown {
  const command = (event: string) => `python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/log_hook.py" ${event}`;
  const hooks = Object.fromEntries(
    hookEvents.map((event) => [
      event,
      [
        {
          ...(event === "FileChanged" ? { matcher: "watched.txt" } : {}),
          hooks: [{ type: "command", command: command(event) }],
        },
      ],
    ]),
  );
  return { hooks };
}

/** Every hook event name in the binary: the longest literal list that starts with PreToolUse. */
function findHookEvents(): string[] {
  const binary = readFileSync(path.join(ROOT, "node_modules/@anthropic-ai/claude-code/bin/claude.exe"), "latin1");
  const lists = [...binary.matchAll(/\[("[A-Z][A-Za-z]+",){20,}"[A-Z][A-Za-z]+"\]/g)]
    .map((match) => JSON.parse(match[0]) as string[])
    .filter((list) => list[0] === "PreToolUse");
  return lists.sort((a, b) => b.length - a.length)[0] ?? [];
}

function copyTranscript(params: { workspace: Workspace; sessionId: string; name: string }): void {
  const { workspace, sessionId, name } = params;
  const file = path.join(workspace.projects, `${sessionId}.jsonl`);
  if (!existsSync(file)) return console.warn(`no transcript for ${name} (${file})`);
  writeFileSync(path.join(OUT, "transcripts", `${name}.jsonl`), workspace.rewrite(readFileSync(file, "utf8")));
  const subagents = path.join(workspace.projects, sessionId, "subagents");
  if (!existsSync(subagents)) return;
  const target = path.join(OUT, "transcripts", `${name}.subagents`);
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(subagents)) {
    writeFileSync(path.join(target, entry), workspace.rewrite(readFileSync(path.join(subagents, entry), "utf8")));
  }
}

/** The same (scenario, invocation) examples as the 2.1.197 files, plus the first call of any other event. */
function writeHookExamples(): void {
  const fired = new Set([...hookLogs.values()].flatMap((logs) => Object.keys(logs)));
  for (const event of [...fired].sort()) {
    const oldFile = path.join(OLD_HOOKS, `${event}.json`);
    const wanted = existsSync(oldFile)
      ? (
          JSON.parse(readFileSync(oldFile, "utf8")) as {
            examples: { scenario: string; invocation_index_in_run: number }[];
          }
        ).examples
      : [];
    const picks = wanted.length > 0 ? wanted : firstCall(event);
    const examples = picks.flatMap(({ scenario, invocation_index_in_run: index }) => {
      const call = hookLogs.get(scenario)?.[event]?.[index];
      return call ? [{ scenario, invocation_index_in_run: index, ...call }] : [];
    });
    if (examples.length === 0) continue;
    const file = path.join(OUT, "hooks", `${event}.json`);
    writeFileSync(file, `${JSON.stringify({ event, cli_version: version, examples }, null, 2)}\n`);
  }
  writeFileSync(path.join(OUT, "hooks/_project-settings.json"), JSON.stringify(projectSettings(), null, 2));
  const neverFired = hookEvents.filter((event) => !fired.has(event));
  console.log(`hook events never fired: ${neverFired.join(", ")}`);
}

function firstCall(event: string): { scenario: string; invocation_index_in_run: number }[] {
  const scenario = SCENARIOS.find((s) => (hookLogs.get(s.id)?.[event]?.length ?? 0) > 0);
  return scenario ? [{ scenario: scenario.id, invocation_index_in_run: 0 }] : [];
}
