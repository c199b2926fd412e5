import type { ServerMessage } from "./protocol.ts";

/** What every browser hears: notifications, waiting requests and settings changes (all worktrees). */
export const NOTIFICATIONS_TOPIC = "notifications";

type Listener = (message: ServerMessage) => void;
type Tap = (topic: string, message: ServerMessage) => void;

/**
 * In-process publish/subscribe between the code that produces events (agent runs, hook
 * ingest, scans) and the WebSocket gateway that forwards them to browsers. Topics are plain
 * strings such as `session:<id>` and `repo:<id>`.
 */
export class EventHub {
  readonly #listeners = new Map<string, Set<Listener>>();
  #tap: Tap | null = null;

  subscribe(topic: string, listener: Listener): () => void {
    let set = this.#listeners.get(topic);
    if (!set) {
      set = new Set();
      this.#listeners.set(topic, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(topic);
    };
  }

  /**
   * Publishes to this process's subscribers. The tap (team mode: forwarding to the other instances)
   * sees every message produced here, never one that arrived from another instance (`isRemote`).
   */
  publish(topic: string, message: ServerMessage, options: { isRemote?: boolean } = {}): void {
    if (this.#tap && !options.isRemote) this.#tap(topic, message);
    const set = this.#listeners.get(topic);
    if (!set) return;
    for (const listener of [...set]) listener(message);
  }

  /** Installs (or with null removes) the one tap on every local publish. */
  setTap(tap: Tap | null): void {
    this.#tap = tap;
  }

  listenerCount(topic: string): number {
    return this.#listeners.get(topic)?.size ?? 0;
  }
}

export const sessionTopic = (sessionId: string) => `session:${sessionId}`;
export const repoTopic = (repoId: string) => `repo:${repoId}`;
