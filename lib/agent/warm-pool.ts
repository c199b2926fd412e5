import { readFileSync } from "node:fs";
import { defineProcessState } from "@/lib/runtime/process-state.ts";
import type { StartedConversation } from "./warm-conversation.ts";

/** A conversation kept warm for a worktree, with what it was started for. */
interface WarmEntry {
  worktreePath: string;
  /** Hash of everything the process was started with (binary, argv, settings files, CLAUDE.md). */
  key: string;
  /** The `--session-id` it was started with: the run that takes it uses this session. */
  claudeSessionId: string;
  conversation: StartedConversation;
  lastUsedAt: number;
  idleTimer?: NodeJS.Timeout;
}

export interface WarmLimits {
  /** At most this many warm processes; the least recently used goes first. */
  maxCount: number;
  /** A warm process unused this long is ended. */
  idleMs: number;
  /** Their resident memory together stays under this (the oldest go first). */
  maxRssBytes: number;
}

const poolState = defineProcessState("warmConversations", () => new Map<string, WarmEntry>());

/**
 * Keeps (or starts) one warm conversation for a worktree. An entry started for another key
 * (settings, permission mode, trust, rules or CLAUDE.md changed) is replaced.
 */
export function keepWarm(input: {
  worktreePath: string;
  key: string;
  limits: WarmLimits;
  start: () => { conversation: StartedConversation; claudeSessionId: string };
}): { isNew: boolean } {
  const pool = poolState.get();
  const existing = pool.get(input.worktreePath);
  if (existing && existing.key === input.key) {
    touch(existing, input.limits);
    return { isNew: false };
  }
  if (existing) void discardEntry(existing);
  const started = input.start();
  const entry: WarmEntry = {
    worktreePath: input.worktreePath,
    key: input.key,
    claudeSessionId: started.claudeSessionId,
    conversation: started.conversation,
    lastUsedAt: Date.now(),
  };
  pool.set(input.worktreePath, entry);
  touch(entry, input.limits);
  // A process that ends on its own (crash, killed) leaves the pool.
  void started.conversation.ended.finally(() => {
    if (pool.get(entry.worktreePath) === entry) forget(entry);
  });
  enforceLimits(input.limits);
  return { isNew: true };
}

/** Takes the worktree's warm conversation if it was started for `key`; a stale one is ended. */
export function takeWarm(input: {
  worktreePath: string;
  key: string;
}): { conversation: StartedConversation; claudeSessionId: string } | null {
  const entry = poolState.get().get(input.worktreePath);
  if (!entry) return null;
  forget(entry);
  if (entry.key !== input.key) {
    void entry.conversation.discard();
    return null;
  }
  return { conversation: entry.conversation, claudeSessionId: entry.claudeSessionId };
}

/** Ends warm conversations (all, or a worktree's): settings, trust or rules changed, or Arbor stops. */
export async function discardWarm(input: { worktreePath?: string } = {}): Promise<void> {
  const entries = [...poolState.get().values()].filter(
    (entry) => input.worktreePath === undefined || entry.worktreePath === input.worktreePath,
  );
  await Promise.all(entries.map(discardEntry));
}

/** How many are warm and how much memory they hold (for /api/health/metrics and the limits). */
export function describeWarmPool(): { count: number; rssBytes: number } {
  const entries = [...poolState.get().values()];
  return { count: entries.length, rssBytes: entries.reduce((total, entry) => total + readRss(entry), 0) };
}

function touch(entry: WarmEntry, limits: WarmLimits): void {
  entry.lastUsedAt = Date.now();
  clearTimeout(entry.idleTimer);
  entry.idleTimer = setTimeout(() => void discardEntry(entry), limits.idleMs);
  entry.idleTimer.unref();
}

function enforceLimits(limits: WarmLimits): void {
  const entries = [...poolState.get().values()].sort((a, b) => a.lastUsedAt - b.lastUsedAt);
  while (entries.length > limits.maxCount) void discardEntry(entries.shift()!);
  let rss = entries.reduce((total, entry) => total + readRss(entry), 0);
  while (entries.length > 1 && rss > limits.maxRssBytes) {
    const oldest = entries.shift()!;
    rss -= readRss(oldest);
    void discardEntry(oldest);
  }
}

function discardEntry(entry: WarmEntry): Promise<void> {
  forget(entry);
  return entry.conversation.discard();
}

function forget(entry: WarmEntry): void {
  clearTimeout(entry.idleTimer);
  const pool = poolState.get();
  if (pool.get(entry.worktreePath) === entry) pool.delete(entry.worktreePath);
}

/** Resident memory of the process (Linux /proc; 0 elsewhere or once it is gone). */
function readRss(entry: WarmEntry): number {
  const pid = entry.conversation.pid();
  if (pid === null) return 0;
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
