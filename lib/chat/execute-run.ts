import { existsSync } from "node:fs";
import { buildClaudeArgs } from "@/lib/agent/claude-args.ts";
import { inheritedClaudeEnv } from "@/lib/agent/run-internal-turn.ts";
import { runClaude, type RunOutcome } from "@/lib/agent/run-claude.ts";
import type { Db } from "@/lib/db/client.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { buildGitSafetyEnv } from "@/lib/git/git-safety.ts";
import { readRepositoryFilterNames } from "@/lib/git/local-git-config.ts";
import { scanWorktree } from "@/lib/git/scan-worktrees.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { assemblePrompt } from "@/lib/prompt/assemble-prompt.ts";
import { getRunEventLog } from "@/lib/realtime/run-event-log.ts";
import type { RunEvent } from "@/lib/realtime/protocol.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { arborHooksForUntrustedRun } from "@/lib/trust/arbor-hooks.ts";
import { resolveClaudeCommand } from "@/lib/trust/claude-bin.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { buildPromptInput } from "./build-prompt-input.ts";
import { createToolCallCollector } from "./collect-tool-calls.ts";
import { createPartialTextWriter } from "./partial-text-writer.ts";
import { publishWorktreeActivity } from "./run-activity.ts";
import type { RunJob, RunJobResult } from "./run-job.ts";
import { finishRun, type RunEnd } from "./finish-run.ts";
import { toRunEvents } from "./to-run-event.ts";

/**
 * Runs one queued send: rescan git, assemble the prompt, run `claude -p` in the worktree,
 * relay its events live, and store the answer and the run, whatever way it ends. The repository's
 * trust is checked when the run starts: unless it shows exactly what the user trusted, Claude runs
 * without the project's settings (its hooks, env, MCP servers, permission rules), keeping Arbor's
 * own hooks when the worktree has them installed.
 */
export async function executeRun(db: Db, job: RunJob, signal: AbortSignal): Promise<RunJobResult> {
  const publish = (event: RunEvent) => getRunEventLog().publish({ sessionId: job.sessionId, runId: job.runId, event });
  const settings = await readSettings(db);
  const startedAt = new Date();
  const assistant = await db.chatMessage.create({
    data: { sessionId: job.sessionId, role: "assistant", content: "", status: "streaming", runId: job.runId },
  });
  const run = await db.agentRun.update({
    where: { id: job.runId },
    data: { status: "running", startedAt, assistantMessageId: assistant.id },
  });
  publishWorktreeActivity(job, "running");
  publish({ kind: "started", claudeSessionId: run.claudeSessionId ?? "", pid: null });

  const end = (outcome: RunEnd, scan: WorktreeScan | null) =>
    finishRun(db, { job, assistantMessageId: assistant.id, startedAt, outcome, publish }).then((status) => ({
      runId: job.runId,
      assistantMessageId: assistant.id,
      status,
      scan,
    }));

  if (!existsSync(job.worktreePath)) {
    return end(
      failure(
        "worktree_missing",
        `The worktree directory ${job.worktreePath} no longer exists. Restore it (or rescan and open another worktree); your message is kept.`,
      ),
      null,
    );
  }
  let scan: WorktreeScan;
  let prompt: ReturnType<typeof assemblePrompt>;
  let args: string[];
  let claude: Awaited<ReturnType<typeof resolveClaudeCommand>>;
  let gitSafetyEnv: Record<string, string> | undefined;
  try {
    const userMessage = await db.chatMessage.findUniqueOrThrow({ where: { id: job.userMessageId } });
    scan = await scanWorktree({ worktreePath: job.worktreePath });
    prompt = assemblePrompt(
      await buildPromptInput(db, {
        sessionId: job.sessionId,
        repoId: job.repoId,
        userMessageId: job.userMessageId,
        userMessage: userMessage.content,
        scan,
        recentMessageCount: settings.recentMessageCount,
        budgetChars: settings.promptBudgetChars,
      }),
    );
    await db.agentRun.update({
      where: { id: job.runId },
      data: { inputPromptDigest: prompt.digest, receipt: JSON.stringify(toReceipt(prompt)) },
    });
    const isTrusted = await isRepositoryTrusted(db, job.repoId);
    const arborHooks = isTrusted ? null : arborHooksForUntrustedRun({ worktreePath: job.worktreePath });
    // Claude Code runs git itself (status and log at start, its tools later): not with this repository's programs.
    gitSafetyEnv = isTrusted
      ? undefined
      : buildGitSafetyEnv({ filterNames: await readRepositoryFilterNames(job.worktreePath), inherited: process.env });
    args = buildClaudeArgs({
      sessionId: run.claudeSessionId!,
      ...(settings.model ? { model: settings.model } : {}),
      permissionMode: settings.permissionMode,
      allowedTools: settings.allowedTools,
      disallowedTools: settings.disallowedTools,
      useProjectSettings: isTrusted,
      ...(arborHooks ? { extraSettings: arborHooks } : {}),
    });
    claude = await resolveClaudeCommand(db, settings);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return end(failure(error.code === "git_failed" ? "git_failed" : "invalid_settings", error.message), null);
  }

  const tools = createToolCallCollector();
  const partial = createPartialTextWriter(db, assistant.id);
  let streamedText = "";
  const outcome = await runClaude({
    bin: claude.bin,
    binProblem: claude.problem,
    args,
    cwd: job.worktreePath,
    env: inheritedClaudeEnv(gitSafetyEnv),
    prompt: prompt.text,
    timeoutMs: settings.runTimeoutSeconds * 1000,
    signal,
    onEvent: (event) => {
      for (const runEvent of toRunEvents(event)) {
        tools.add(runEvent);
        publish(runEvent);
        if (runEvent.kind === "text_delta") {
          streamedText += runEvent.text;
          partial.update(streamedText);
        }
      }
    },
  });
  await partial.stop();
  if (outcome.invalidLineCount > 0) {
    console.warn(
      `[arbor] run ${job.runId}: ${outcome.invalidLineCount} non-JSON line(s) on claude's stdout (ignored); see the run's stdout snippet`,
    );
  }
  return end({ kind: "outcome", outcome, toolCalls: tools.list() }, scan);
}

function toReceipt(prompt: ReturnType<typeof assemblePrompt>) {
  return { ...prompt.receipt, sections: prompt.sections, digest: prompt.digest };
}

function failure(errorKind: string, message: string): RunEnd {
  return { kind: "failed_before_start", errorKind, message };
}

export type { RunOutcome };
