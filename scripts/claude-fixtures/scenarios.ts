/**
 * The scenarios `capture.ts` runs against the loopback mock model, named as in the 2.1.197 corpus so
 * tests can read either version's file by the same name. Prompts use the mock's `[[mock:…]]` directives.
 */
import type { MockScript } from "@/tests/support/mock-anthropic/index.ts";

export interface Scenario {
  id: string;
  description: string;
  /** Arguments after `claude`; `{{session:<id>}}` is the session id another scenario of the same group saw. */
  args: string[];
  /** Scenarios of one group share the repository and the config dir (resume, continue, compact). */
  group?: string;
  stdin?: string;
  env?: Record<string, string>;
  /** Environment variables to drop (e.g. the API key). */
  unsetEnv?: string[];
  /** SDK driver: write the prompt as stream-json and answer every `can_use_tool` like this. */
  sdk?: { prompt: string; answer: "allow" | "deny" };
  /** Send this signal once a `text_delta` has reached stdout. */
  signal?: "SIGTERM" | "SIGINT";
  /** Files to create in the repository first. */
  files?: Record<string, string>;
  /** The model's script for this scenario's requests (otherwise the prompt's directive or the default). */
  script?: MockScript;
  /** Copy the session file (and subagent files) under this name after the run. */
  transcriptAs?: string;
  /** Keep stdout and meta in the fixtures (the rest only feed the hook examples). */
  keepStream?: boolean;
}

const JSON_OUT = ["--output-format", "stream-json", "--verbose"];
const BASH_WRITE = "[[mock:bash echo hi > out.txt]] please run it";
const SLOW = ["-p", "[[mock:slow]] go", ...JSON_OUT, "--include-partial-messages"];

export const SCENARIOS: Scenario[] = [
  {
    id: "e01-http401",
    description: "401 on every call: retried, then exit 1.",
    args: ["-p", "[[mock:error 401]] hi", ...JSON_OUT],
  },
  {
    id: "e03-http500",
    description: "500 on every call: 10 retries, then exit 1.",
    args: ["-p", "[[mock:error 500]] hi", ...JSON_OUT],
    keepStream: true,
  },
  {
    id: "s01-text",
    description: "Plain text answer.",
    group: "s01",
    args: ["-p", "say hi", ...JSON_OUT],
    keepStream: true,
  },
  {
    id: "r01-resume",
    description: "`--resume <s01 session>`.",
    group: "s01",
    args: ["-p", "again", "--resume", "{{session:s01-text}}", ...JSON_OUT],
  },
  { id: "r02-continue", description: "`-c` after s01.", group: "s01", args: ["-p", "once more", "-c", ...JSON_OUT] },
  {
    id: "c01-compact-resumed",
    description: '`-p "/compact" --resume <s01 session>`.',
    group: "s01",
    args: ["-p", "/compact", "--resume", "{{session:s01-text}}", ...JSON_OUT],
    script: {
      name: "summary",
      steps: [{ type: "text", text: "<analysis>a</analysis>\n<summary>The user said hi.</summary>" }],
    },
    transcriptAs: "s01-session-after-r01-r02-c01",
  },
  {
    id: "r03-resume-fork",
    description: "`--resume <id> --fork-session`.",
    group: "s01",
    args: ["-p", "forked", "--resume", "{{session:s01-text}}", "--fork-session", ...JSON_OUT],
    transcriptAs: "r03-resume-fork",
  },
  {
    id: "s05-bash-allowed",
    description: 'Bash `echo hi > out.txt` with `--allowedTools "Bash Write Edit"`: runs.',
    args: ["-p", BASH_WRITE, ...JSON_OUT, "--allowedTools", "Bash Write Edit"],
    transcriptAs: "s05-bash-allowed",
    keepStream: true,
  },
  {
    id: "s07-write-acceptedits",
    description: "Write notes.txt with `--permission-mode acceptEdits`.",
    args: ["-p", "[[mock:write notes.txt hello]]", ...JSON_OUT, "--permission-mode", "acceptEdits"],
    transcriptAs: "s07-write-acceptedits",
  },
  {
    id: "s08-bash-not-allowed",
    description: "Bash `echo hi > out.txt` with no permission flags: denied.",
    args: ["-p", BASH_WRITE, ...JSON_OUT],
    keepStream: true,
  },
  {
    id: "s09-bash-failure",
    description: "Allowed Bash that fails: PostToolUseFailure.",
    args: ["-p", "[[mock:bash ls /nonexistent-capture-dir]]", ...JSON_OUT, "--allowedTools", "Bash"],
  },
  {
    id: "s15-bash-pretool-hook-deny",
    description: "PreToolUse hook denies an allowed Bash.",
    args: ["-p", BASH_WRITE, ...JSON_OUT, "--allowedTools", "Bash"],
    env: { HOOK_MODE_PreToolUse: "deny" },
  },
  {
    id: "s17-prompt-hook-exit2",
    description: "UserPromptSubmit hook exits 2.",
    args: ["-p", "say hi", ...JSON_OUT],
    env: { HOOK_MODE_UserPromptSubmit: "exit2" },
  },
  {
    id: "s19-read-edit-acceptedits",
    description: "Read then Edit notes.txt with acceptEdits.",
    files: { "notes.txt": "old text\n" },
    args: ["-p", "[[mock:edit notes.txt old text => new text]]", ...JSON_OUT, "--permission-mode", "acceptEdits"],
  },
  { id: "t01-slash-command", description: "Custom command `/hello world`.", args: ["-p", "/hello world", ...JSON_OUT] },
  {
    id: "t02-subagent",
    description: "Agent tool (general-purpose subagent).",
    args: [
      "-p",
      '[[mock:tool Agent {"description":"Say hi","prompt":"Say hi from the subagent","subagent_type":"general-purpose"}]]',
      ...JSON_OUT,
    ],
    transcriptAs: "t02-subagent",
    keepStream: true,
  },
  {
    id: "t03-task-tools",
    description: "TaskCreate then TaskUpdate(completed).",
    args: ["-p", "track a task", ...JSON_OUT],
    script: {
      name: "tasks",
      steps: [
        { type: "tool_use", name: "TaskCreate", input: { subject: "Say hi", description: "Say hi to the user" } },
        { type: "tool_use", name: "TaskUpdate", input: { taskId: "1", status: "completed" } },
        { type: "text", text: "Task done." },
      ],
    },
  },
  {
    id: "t04-bash-cd",
    description: "Bash `mkdir -p sub && cd sub && pwd`: CwdChanged.",
    args: ["-p", "[[mock:bash mkdir -p sub && cd sub && pwd]]", ...JSON_OUT, "--allowedTools", "Bash"],
  },
  {
    id: "t05-init-setup-hook",
    description: "Hidden flag `--init`: Setup hook.",
    args: ["-p", "say hi", "--init", ...JSON_OUT],
  },
  {
    id: "t06-filechanged",
    description: "SessionStart watchPaths, Bash appends to watched.txt: FileChanged.",
    env: { HOOK_MODE_SessionStart: "watch" },
    args: ["-p", "[[mock:bash echo more >> watched.txt]]", ...JSON_OUT, "--allowedTools", "Bash"],
  },
  {
    id: "h01-stop-block-once",
    description: "Stop hook blocks once.",
    env: { HOOK_MODE_Stop: "block_once" },
    args: ["-p", "say hi", ...JSON_OUT],
    transcriptAs: "h01-stop-block-once",
  },
  {
    id: "h05-sessionstart-additionalcontext",
    description: "SessionStart additionalContext.",
    env: { HOOK_MODE_SessionStart: "json_ctx" },
    args: ["-p", "say hi", ...JSON_OUT],
  },
  {
    id: "i03-stdin-plus-argv",
    description: "Prompt argument and stdin.",
    stdin: "stdin part\n",
    args: ["-p", "argv part", ...JSON_OUT],
  },
  {
    id: "k01-config-change",
    description: "Bash writes .claude/settings.local.json: ConfigChange.",
    env: { IS_SANDBOX: "1" },
    args: ["-p", "[[mock:bash echo {} > .claude/settings.local.json]]", ...JSON_OUT, "--dangerously-skip-permissions"],
  },
  {
    id: "k02-worktree-hook",
    description: "`-w testwt` with a WorktreeCreate hook.",
    env: { HOOK_MODE_WorktreeCreate: "wt" },
    args: ["-p", "say hi", "-w", "testwt", ...JSON_OUT],
  },
  {
    id: "k05-resume-unknown-id",
    description: "`--resume` with an unknown id.",
    args: ["-p", "hi", "--resume", "00000000-0000-4000-8000-000000000000", ...JSON_OUT],
    keepStream: true,
  },
  {
    id: "k07-auto-mode",
    description: "`--permission-mode auto`: the classifier denies.",
    args: ["-p", BASH_WRITE, ...JSON_OUT, "--permission-mode", "auto"],
  },
  {
    id: "p01-slow-partial-messages",
    description: "10 text deltas 200 ms apart, `--include-partial-messages`.",
    args: SLOW,
    keepStream: true,
  },
  {
    id: "p02-long-answer",
    description: "1500 lines in one message.",
    args: ["-p", "[[mock:long 1500]]", ...JSON_OUT],
    keepStream: true,
  },
  {
    id: "p04-tool-partial-messages",
    description: "Bash tool_use with `--include-partial-messages`.",
    args: ["-p", BASH_WRITE, ...JSON_OUT, "--include-partial-messages", "--allowedTools", "Bash"],
    keepStream: true,
  },
  {
    id: "e05-http529-max-retries-1",
    description: "529 with CLAUDE_CODE_MAX_RETRIES=1.",
    env: { CLAUDE_CODE_MAX_RETRIES: "1" },
    args: ["-p", "[[mock:error 529]] hi", ...JSON_OUT],
    transcriptAs: "e05-http529-max-retries-1",
    keepStream: true,
  },
  {
    id: "e07-http401-x-should-retry-false",
    description: "401 with `x-should-retry: false`.",
    args: ["-p", "[[mock:error 401 noretry]] hi", ...JSON_OUT],
    keepStream: true,
  },
  {
    id: "e08-http400-invalid-request",
    description: "400 invalid_request_error 'prompt is too long'.",
    args: ["-p", "hi", ...JSON_OUT],
    script: {
      name: "400",
      steps: [
        {
          type: "error",
          status: 400,
          errorType: "invalid_request_error",
          message: "prompt is too long: 250000 tokens > 200000 maximum",
        },
      ],
    },
    keepStream: true,
  },
  {
    id: "e09-connection-refused",
    description: "ANTHROPIC_BASE_URL on a closed port, CLAUDE_CODE_MAX_RETRIES=1.",
    env: { ANTHROPIC_BASE_URL: "http://127.0.0.1:9", CLAUDE_CODE_MAX_RETRIES: "1" },
    args: ["-p", "hi", ...JSON_OUT],
    keepStream: true,
  },
  {
    id: "e10-no-api-key",
    description: "No ANTHROPIC_API_KEY: not logged in.",
    unsetEnv: ["ANTHROPIC_API_KEY"],
    args: ["-p", "hi", ...JSON_OUT],
    keepStream: true,
  },
  {
    id: "x01-sigterm-mid-stream",
    description: "SIGTERM after the first text delta.",
    signal: "SIGTERM",
    args: SLOW,
    keepStream: true,
  },
  {
    id: "x02-sigint-mid-stream",
    description: "SIGINT after the first text delta.",
    signal: "SIGINT",
    args: SLOW,
    transcriptAs: "x02-sigint-mid-stream",
    keepStream: true,
  },
  {
    id: "j03-sdk-permission-prompt-stdio-allow",
    description: "SDK transport, `--permission-prompt-tool stdio`; the driver allows `can_use_tool`.",
    sdk: { prompt: BASH_WRITE, answer: "allow" },
    args: ["-p", "--input-format", "stream-json", ...JSON_OUT, "--permission-prompt-tool", "stdio"],
    keepStream: true,
  },
  {
    id: "j05-sdk-permission-prompt-stdio-deny",
    description: "As j03, the driver denies with a message.",
    sdk: { prompt: BASH_WRITE, answer: "deny" },
    args: ["-p", "--input-format", "stream-json", ...JSON_OUT, "--permission-prompt-tool", "stdio"],
    keepStream: true,
  },
  {
    id: "j06-sdk-exit-plan-mode",
    description:
      "SDK transport in `--permission-mode plan`: ExitPlanMode's `can_use_tool`; the driver allows it as sent.",
    sdk: { prompt: "[[mock:plan # Plan\\n1. Add the table]]", answer: "allow" },
    args: [
      "-p",
      "--input-format",
      "stream-json",
      ...JSON_OUT,
      "--permission-prompt-tool",
      "stdio",
      "--permission-mode",
      "plan",
    ],
    keepStream: true,
  },
];
