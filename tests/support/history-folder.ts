import { mkdirSync, openSync, closeSync, writeSync, utimesSync } from "node:fs";
import path from "node:path";
import { callApi } from "./call-api.ts";
import type { HookImportBody } from "./api-types.ts";
import type { ArborAddress } from "./start-arbor.ts";

/**
 * Generated Claude Code history for tests and the import benchmark: session files shaped like
 * the recorded transcripts (a human prompt, an assistant tool_use, its tool_result, a closing
 * answer), written fast by repeating a generated block with a new id prefix each time.
 */
export interface SessionSpec {
  sessionId: string;
  bytes: number;
  /** Written as `<sessionId>/subagents/agent-<agentId>.jsonl` (sidechain entries). */
  agentId?: string;
  /** The last line is cut in the middle (no newline). */
  isTruncated?: boolean;
  /** One line in the middle carries bytes that are not UTF-8. */
  hasInvalidUtf8?: boolean;
}

/** Relays in one generated block (`relayBlock`), each a prompt, a tool call and its result, an answer. */
export const RELAYS_PER_BLOCK = 8;

/** One block of `RELAYS_PER_BLOCK` relays whose uuids start with `prefix`; about `toolBytes` of tool output each. */
export function relayBlock(input: { prefix: string; sessionId: string; agentId?: string; toolBytes: number }): string {
  const { prefix, sessionId } = input;
  const common = {
    sessionId,
    cwd: "/work/app",
    version: "2.1.197",
    gitBranch: "main",
    userType: "external",
    ...(input.agentId ? { isSidechain: true, agentId: input.agentId } : { isSidechain: false }),
  };
  const output = "export function example(value: number): number {\n  return value * 2; // ✓\n}\n".repeat(
    Math.max(1, Math.round(input.toolBytes / 80)),
  );
  const lines: string[] = [];
  for (let relay = 0; relay < RELAYS_PER_BLOCK; relay += 1) {
    const id = `${prefix}-${relay}`;
    const at = `2026-11-2${relay % 9}T10:00:${String(relay).padStart(2, "0")}.000Z`;
    const entry = (uuid: string, body: object) => JSON.stringify({ ...common, uuid, timestamp: at, ...body });
    lines.push(
      entry(`${id}-u`, {
        type: "user",
        parentUuid: null,
        message: { role: "user", content: `Fix bug ${id} in src/a.ts` },
      }),
      entry(`${id}-a1`, {
        type: "assistant",
        message: {
          id: `msg-${id}-1`,
          role: "assistant",
          model: "claude-sonnet-4-5",
          content: [{ type: "tool_use", id: `toolu-${id}`, name: "Read", input: { file_path: "/work/app/src/a.ts" } }],
        },
      }),
      entry(`${id}-r`, {
        type: "user",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: `toolu-${id}`, content: output }] },
        toolUseResult: { type: "text" },
      }),
      entry(`${id}-a2`, {
        type: "assistant",
        message: {
          id: `msg-${id}-2`,
          role: "assistant",
          model: "claude-sonnet-4-5",
          content: [{ type: "text", text: `Fixed ${id}: the value is now doubled.` }],
        },
      }),
    );
  }
  return lines.join("\n") + "\n";
}

/** Path of a spec's file under a project folder. */
export function sessionFilePath(folder: string, spec: SessionSpec): string {
  return spec.agentId
    ? path.join(folder, spec.sessionId, "subagents", `agent-${spec.agentId}.jsonl`)
    : path.join(folder, `${spec.sessionId}.jsonl`);
}

/**
 * Writes one session file of about `spec.bytes` (whole blocks, at least one), its mtime set an
 * hour back so the import treats it as finished. Returns the relays it holds.
 */
export function writeSessionFile(folder: string, spec: SessionSpec): number {
  const file = sessionFilePath(folder, spec);
  mkdirSync(path.dirname(file), { recursive: true });
  const toolBytes = Math.min(16_000, Math.max(200, Math.floor(spec.bytes / RELAYS_PER_BLOCK / 4)));
  const fd = openSync(file, "w");
  let written = 0;
  let blocks = 0;
  try {
    const template = relayBlock({ prefix: "@@P@@", sessionId: spec.sessionId, agentId: spec.agentId, toolBytes });
    while (written < spec.bytes || blocks === 0) {
      let block = template.replaceAll("@@P@@", `${spec.agentId ?? spec.sessionId}-${blocks}`);
      if (spec.hasInvalidUtf8 && blocks === 0) block = block.replace("\n", '\n{"type":"user","bad":"xyz"}\n');
      const bytes = Buffer.from(block);
      if (spec.hasInvalidUtf8 && blocks === 0) {
        const bad = bytes.indexOf(Buffer.from('"bad":"'));
        bytes.fill(0xff, bad + 7, bad + 10);
      }
      writeSync(fd, bytes);
      written += bytes.length;
      blocks += 1;
    }
    if (spec.isTruncated)
      writeSync(fd, Buffer.from('{"type":"assistant","uuid":"cut-off","message":{"content":[{"type":"te'));
  } finally {
    closeSync(fd);
  }
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(file, hourAgo, hourAgo);
  return blocks * RELAYS_PER_BLOCK;
}

/** POST /api/hooks/import, then GET until the import is no longer running; returns its end. */
export async function importHistoryToEnd(
  arbor: ArborAddress,
  input: { repoId: string; worktreePath: string },
  pollMs = 0,
) {
  const started = await callApi<HookImportBody>(arbor, "/api/hooks/import", { body: input });
  if (started.status !== 200) throw new Error(`import answered ${started.status}: ${JSON.stringify(started.body)}`);
  return waitForImport(arbor, input, (job) => job.status !== "running", pollMs);
}

/**
 * GETs the worktree's import until `isDone` holds: tests ask again at once (each request answers in
 * a few ms); the benchmark waits `pollMs` between requests, so polling does not compete with the import.
 */
export async function waitForImport(
  arbor: ArborAddress,
  input: { repoId: string; worktreePath: string },
  isDone: (job: NonNullable<HookImportBody["job"]>) => boolean,
  pollMs = 0,
) {
  const query = new URLSearchParams(input).toString();
  for (;;) {
    const { body } = await callApi<HookImportBody>(arbor, `/api/hooks/import?${query}`);
    if (body.job && isDone(body.job)) return body.job;
    await new Promise((resolve) => (pollMs > 0 ? setTimeout(resolve, pollMs) : setImmediate(resolve)));
  }
}
