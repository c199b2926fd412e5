import { readFileSync } from "node:fs";
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

/**
 * Conversations kept warm, one per worktree at most: started ahead of a send (prewarm), taken by the
 * run that sends (executeRun), ended on a limit, a change of key, or shutdown. One per runtime context.
 */
export class WarmPool {
  readonly #entries = new Map<string, WarmEntry>();

  /**
   * Keeps (or starts) one warm conversation for a worktree. An entry started for another key
   * (settings, permission mode, trust, rules or CLAUDE.md changed) is replaced.
   */
  keep(input: {
    worktreePath: string;
    key: string;
    limits: WarmLimits;
    start: () => { conversation: StartedConversation; claudeSessionId: string };
  }): { isNew: boolean } {
    const existing = this.#entries.get(input.worktreePath);
    if (existing && existing.key === input.key) {
      this.#touch(existing, input.limits);
      return { isNew: false };
    }
    if (existing) void this.#discardEntry(existing);
    const started = input.start();
    const entry: WarmEntry = {
      worktreePath: input.worktreePath,
      key: input.key,
      claudeSessionId: started.claudeSessionId,
      conversation: started.conversation,
      lastUsedAt: Date.now(),
    };
    this.#entries.set(input.worktreePath, entry);
    this.#touch(entry, input.limits);
    // A process that ends on its own (crash, killed) leaves the pool.
    void started.conversation.ended.finally(() => {
      if (this.#entries.get(entry.worktreePath) === entry) this.#forget(entry);
    });
    this.#enforceLimits(input.limits);
    return { isNew: true };
  }

  /** Takes the worktree's warm conversation if it was started for `key`; a stale one is ended. */
  take(input: {
    worktreePath: string;
    key: string;
  }): { conversation: StartedConversation; claudeSessionId: string } | null {
    const entry = this.#entries.get(input.worktreePath);
    if (!entry) return null;
    this.#forget(entry);
    if (entry.key !== input.key) {
      void entry.conversation.discard();
      return null;
    }
    return { conversation: entry.conversation, claudeSessionId: entry.claudeSessionId };
  }

  /** Ends warm conversations (all, or a worktree's): settings, trust or rules changed, or Arbor stops. */
  async discard(input: { worktreePath?: string } = {}): Promise<void> {
    const entries = [...this.#entries.values()].filter(
      (entry) => input.worktreePath === undefined || entry.worktreePath === input.worktreePath,
    );
    await Promise.all(entries.map((entry) => this.#discardEntry(entry)));
  }

  /** How many are warm and how much memory they hold (for /api/health/metrics and the limits). */
  describe(): { count: number; rssBytes: number } {
    const entries = [...this.#entries.values()];
    return { count: entries.length, rssBytes: entries.reduce((total, entry) => total + readRss(entry), 0) };
  }

  #touch(entry: WarmEntry, limits: WarmLimits): void {
    entry.lastUsedAt = Date.now();
    clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => void this.#discardEntry(entry), limits.idleMs);
    entry.idleTimer.unref();
  }

  #enforceLimits(limits: WarmLimits): void {
    const entries = [...this.#entries.values()].sort((a, b) => a.lastUsedAt - b.lastUsedAt);
    while (entries.length > limits.maxCount) void this.#discardEntry(entries.shift()!);
    let rss = entries.reduce((total, entry) => total + readRss(entry), 0);
    while (entries.length > 1 && rss > limits.maxRssBytes) {
      const oldest = entries.shift()!;
      rss -= readRss(oldest);
      void this.#discardEntry(oldest);
    }
  }

  #discardEntry(entry: WarmEntry): Promise<void> {
    this.#forget(entry);
    return entry.conversation.discard();
  }

  #forget(entry: WarmEntry): void {
    clearTimeout(entry.idleTimer);
    if (this.#entries.get(entry.worktreePath) === entry) this.#entries.delete(entry.worktreePath);
  }
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
