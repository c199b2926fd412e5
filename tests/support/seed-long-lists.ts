import path from "node:path";
import Database from "better-sqlite3";

/**
 * Long lists for the browser's scrolling tests and bench, written straight into a running Arbor's
 * SQLite file (WAL: the server reads them on its next query) as Arbor stores them: a conversation of
 * mixed messages (short questions, long answers, code blocks, lists, answers with tool cards), and a
 * worktree's hook events of the shapes Claude Code sends.
 */

const sqliteDate = (at: number) => new Date(at).toISOString().replace("Z", "+00:00");

function openDb(dataDir: string): Database.Database {
  const db = new Database(path.join(dataDir, "arbor.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

const PARAGRAPH =
  "The handler parses the request with zod, calls one function in lib and maps any error to a response. ";
const CODE = [
  "```ts",
  "export function total(items: Array<{ price: number; count: number }>): number {",
  "  return items.reduce((sum, item) => sum + item.price * item.count, 0);",
  "}",
  "```",
].join("\n");

/** The n-th message's text: every shape a real conversation has, with varied lengths. */
export function seededMessageText(index: number): { role: "user" | "assistant"; content: string } {
  if (index % 2 === 0) {
    const question = `Question ${index}: why does the build fail on the second run?`;
    return { role: "user", content: index % 6 === 0 ? `${question}\n${"Here is the log. ".repeat(12)}` : question };
  }
  const shape = (index >> 1) % 4;
  const head = `Answer ${index}.`;
  if (shape === 0) return { role: "assistant", content: `${head} ${PARAGRAPH}` };
  if (shape === 1)
    return { role: "assistant", content: `${head}\n\n${PARAGRAPH.repeat(3)}\n\n${CODE}\n\nThat fixes it.` };
  if (shape === 2)
    return {
      role: "assistant",
      content: `${head}\n\n- check the cache\n- **rebuild** the index\n- run \`npm test\` again\n\n${PARAGRAPH.repeat(2)}`,
    };
  return { role: "assistant", content: `${head} ${PARAGRAPH.repeat(6)}` };
}

function toolCalls(index: number): string {
  return JSON.stringify([
    {
      id: `toolu_seed_${index}_a`,
      name: "Bash",
      input: { command: `npm test -- src/module-${index % 17}.test.ts`, description: "Run the tests" },
      result: { content: `PASS src/module-${index % 17}.test.ts\n  ✓ works (${index % 40} ms)`, isError: false },
    },
    {
      id: `toolu_seed_${index}_b`,
      name: "Read",
      input: { file_path: `/work/app/src/module-${index % 17}.ts` },
      result: { content: "export const value = 1;\n".repeat(4), isError: false },
    },
  ]);
}

/**
 * Appends `count` messages to a conversation (alternating user and assistant; every fifth answer
 * from a finished run with two tool cards). Returns the ids of the first and last message written.
 */
export function seedConversation(input: {
  dataDir: string;
  sessionId: string;
  repoId: string;
  worktreePath: string;
  count: number;
  /** Text added to each message (e.g. which conversation it belongs to). */
  tag?: string;
}): { firstId: number; lastId: number } {
  const db = openDb(input.dataDir);
  try {
    const insertMessage = db.prepare(
      "INSERT INTO chat_messages (session_id, role, content, status, run_id, created_at) VALUES (?, ?, ?, 'complete', ?, ?)",
    );
    const insertRun = db.prepare(
      "INSERT INTO agent_runs (id, session_id, repo_id, worktree_path, user_message_id, assistant_message_id, input_prompt_digest, status, model, input_tokens, output_tokens, num_turns, duration_ms, tool_calls, started_at, finished_at, created_at) VALUES (?, ?, ?, ?, ?, ?, 'seed', 'success', 'claude-sonnet-4-5', 1200, 300, 3, 4200, ?, ?, ?, ?)",
    );
    const setAssistant = db.prepare("UPDATE agent_runs SET assistant_message_id = ? WHERE id = ?");
    const started = Date.now() - input.count * 60_000;
    let firstId = 0;
    let lastId = 0;
    let lastUserId: number | null = null;
    db.transaction(() => {
      for (let index = 0; index < input.count; index += 1) {
        const { role, content } = seededMessageText(index);
        const at = started + index * 60_000;
        let runId: string | null = null;
        if (role === "assistant" && index % 10 === 1) {
          runId = `seed-run-${input.sessionId}-${index}`;
          insertRun.run(
            runId,
            input.sessionId,
            input.repoId,
            input.worktreePath,
            lastUserId,
            null,
            toolCalls(index),
            sqliteDate(at - 4200),
            sqliteDate(at),
            sqliteDate(at - 4200),
          );
        }
        const id = Number(
          insertMessage.run(
            input.sessionId,
            role,
            input.tag ? `${content} ${input.tag}` : content,
            runId,
            sqliteDate(at),
          ).lastInsertRowid,
        );
        if (runId) setAssistant.run(id, runId);
        if (role === "user") lastUserId = id;
        firstId ||= id;
        lastId = id;
      }
    })();
    return { firstId, lastId };
  } finally {
    db.close();
  }
}

const EVENT_NAMES = ["PreToolUse", "PostToolUse", "PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"] as const;

/** Writes `count` hook events placed in a worktree (oldest first, one session per `perSession` events). */
export function seedHookEvents(input: {
  dataDir: string;
  repoId: string;
  worktreePath: string;
  count: number;
  /** Events per Claude session (`<sessionPrefix>-<n>`), 500 unless given. */
  perSession?: number;
  /** `seed-session` unless given: another prefix keeps these sessions apart from earlier seeds on the same server. */
  sessionPrefix?: string;
}): void {
  const perSession = input.perSession ?? 500;
  const sessionPrefix = input.sessionPrefix ?? "seed-session";
  const db = openDb(input.dataDir);
  try {
    const insert = db.prepare(
      "INSERT INTO hook_events (event_id, received_at, event_name, session_id, tool_name, tool_use_id, cwd, repo_id, worktree_path, source, summary, payload, payload_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'http', ?, ?, ?)",
    );
    const started = Date.now() - input.count * 1000;
    db.transaction(() => {
      for (let index = 0; index < input.count; index += 1) {
        const eventName = EVENT_NAMES[index % EVENT_NAMES.length]!;
        const sessionId = `${sessionPrefix}-${Math.floor(index / perSession)}`;
        const isTool = eventName === "PreToolUse" || eventName === "PostToolUse";
        const tool = ["Bash", "Read", "Edit", "Grep"][(index >> 2) % 4]!;
        const file = `src/module-${index % 97}/file-${index % 13}.ts`;
        const summary = isTool ? `${tool}: ${tool === "Bash" ? `npm test -- ${file}` : file}` : eventName;
        const payload = JSON.stringify({
          session_id: sessionId,
          cwd: input.worktreePath,
          hook_event_name: eventName,
          ...(isTool ? { tool_name: tool, tool_input: { file_path: file }, tool_use_id: `toolu_${index >> 1}` } : {}),
          ...(eventName === "UserPromptSubmit" ? { prompt: `Fix the failing test in ${file} (${index}).` } : {}),
        });
        insert.run(
          `seed-${input.worktreePath}-${index}`,
          sqliteDate(started + index * 1000),
          eventName,
          sessionId,
          isTool ? tool : null,
          isTool ? `toolu_${index >> 1}` : null,
          input.worktreePath,
          input.repoId,
          input.worktreePath,
          summary,
          payload,
          Buffer.byteLength(payload),
        );
      }
    })();
  } finally {
    db.close();
  }
}
