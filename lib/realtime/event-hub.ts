import { defineProcessState } from "@/lib/runtime/process-state.ts";
import type { ServerMessage } from "./protocol.ts";

type Listener = (message: ServerMessage) => void;

/**
 * In-process publish/subscribe between the code that produces events (agent runs, hook
 * ingest, scans) and the WebSocket gateway that forwards them to browsers. Topics are plain
 * strings such as `session:<id>` and `repo:<id>`.
 */
export class EventHub {
  readonly #listeners = new Map<string, Set<Listener>>();

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

  publish(topic: string, message: ServerMessage): void {
    const set = this.#listeners.get(topic);
    if (!set) return;
    for (const listener of [...set]) listener(message);
  }

  listenerCount(topic: string): number {
    return this.#listeners.get(topic)?.size ?? 0;
  }
}

const eventHubState = defineProcessState("eventHub", () => new EventHub());

export function getEventHub(): EventHub {
  return eventHubState.get();
}

export const sessionTopic = (sessionId: string) => `session:${sessionId}`;
export const repoTopic = (repoId: string) => `repo:${repoId}`;
