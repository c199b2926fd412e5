import path from "node:path";
import { startMockAnthropic } from "./mock-anthropic/index.ts";
import type { MockAnthropic } from "./mock-anthropic/types.ts";
import { createClaudeTestHome, removeTestDirs, type ClaudeTestHome } from "./claude-env.ts";
import { removeDataDir, repoRoot, startArbor, type RunningArbor } from "./start-arbor.ts";

export interface ArborWithClaude {
  arbor: RunningArbor;
  mock: MockAnthropic;
  home: ClaudeTestHome;
  /** Restart Arbor on the same data directory (after stop() or kill9()). */
  restart(): Promise<RunningArbor>;
  close(): Promise<void>;
}

/**
 * A real Arbor server whose `claude` (the real CLI from node_modules/.bin, found on PATH like a
 * user's) talks to a mock of the Anthropic API. HOME and CLAUDE_CONFIG_DIR are throw-away.
 */
export async function startArborWithClaude(
  options: {
    maxRetries?: number;
    apiKey?: string | null;
    serverEnv?: Record<string, string>;
    nodeArgs?: string[];
    /** The data directory (default: a new temporary one). */
    dataDir?: string;
    /** Command-line flags of the server (kept across restarts). */
    args?: string[];
  } = {},
): Promise<ArborWithClaude> {
  const mock = await startMockAnthropic();
  const home = await createClaudeTestHome();
  const env: Record<string, string> = {
    PATH: `${path.join(repoRoot, "node_modules", ".bin")}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    HOME: home.home,
    CLAUDE_CONFIG_DIR: home.configDir,
    ANTHROPIC_BASE_URL: mock.url,
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    ARBOR_CLAUDE_ENV_CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    ARBOR_CLAUDE_ENV_CLAUDE_CODE_MAX_RETRIES: String(options.maxRetries ?? 1),
  };
  if (options.apiKey !== null) env.ANTHROPIC_API_KEY = options.apiKey ?? "sk-test";
  Object.assign(env, options.serverEnv);
  const nodeArgs = options.nodeArgs ?? [];
  const handle: ArborWithClaude = {
    arbor: await startArbor({
      env,
      nodeArgs,
      dataDir: options.dataDir,
      ...(options.args ? { args: options.args } : {}),
    }),
    mock,
    home,
    async restart() {
      handle.arbor = await startArbor({
        env,
        nodeArgs,
        dataDir: handle.arbor.dataDir,
        ...(options.args ? { args: options.args } : {}),
      });
      return handle.arbor;
    },
    async close() {
      await handle.arbor.stop();
      await mock.close();
      removeDataDir(handle.arbor.dataDir);
      await removeTestDirs([home.home]);
    },
  };
  return handle;
}
