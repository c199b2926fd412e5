import { sessionTopic, type EventHub } from "./event-hub.ts";
import type { RunEvent, ServerMessage } from "./protocol.ts";

type RunEventMessage = Extract<ServerMessage, { type: "run_event" }>;

interface RunLog {
  sessionId: string;
  events: RunEventMessage[];
  finishedAt: number | null;
}

/** How long a finished run's events stay replayable (the database has the result by then). */
const KEEP_FINISHED_MS = 60_000;

/**
 * Sequenced events of live runs. Publishing appends to the run's log and fans out to
 * subscribers in the same tick, so a browser that subscribes and replays synchronously
 * never misses or duplicates an event. One per runtime context (lib/context), fanning out on its hub.
 */
export class RunEventLog {
  readonly #runs = new Map<string, RunLog>();
  readonly #hub: EventHub;

  constructor(hub: EventHub) {
    this.#hub = hub;
  }

  publish(input: { sessionId: string; runId: string; event: RunEvent }): RunEventMessage {
    let log = this.#runs.get(input.runId);
    if (!log) {
      log = { sessionId: input.sessionId, events: [], finishedAt: null };
      this.#runs.set(input.runId, log);
    }
    const message: RunEventMessage = {
      type: "run_event",
      sessionId: input.sessionId,
      runId: input.runId,
      seq: log.events.length + 1,
      at: performance.timeOrigin + performance.now(),
      event: input.event,
    };
    log.events.push(message);
    if (input.event.kind === "finished") log.finishedAt = Date.now();
    this.#hub.publish(sessionTopic(input.sessionId), message);
    this.#evictOld();
    return message;
  }

  /**
   * An event of another instance's run (team mode), with the sequence number it has there: kept for
   * replay like this instance's own and told to this instance's browsers, never back to the team.
   * One already held (or older) is dropped.
   */
  relay(message: RunEventMessage): void {
    let log = this.#runs.get(message.runId);
    if (!log) {
      log = { sessionId: message.sessionId, events: [], finishedAt: null };
      this.#runs.set(message.runId, log);
    }
    if (message.seq <= (log.events.at(-1)?.seq ?? 0)) return;
    log.events.push(message);
    if (message.event.kind === "finished") log.finishedAt = Date.now();
    this.#hub.publish(sessionTopic(message.sessionId), message, { isRemote: true });
    this.#evictOld();
  }

  /**
   * Drops the events of runs whose answers left the working history (Lighten archived them), so a
   * browser that reloads does not replay them below the conversation.
   */
  forgetRuns(runIds: readonly string[]): void {
    for (const runId of runIds) {
      if (this.#runs.get(runId)?.finishedAt !== null) this.#runs.delete(runId);
    }
  }

  /** Events of the session's runs after the sequence numbers the browser already holds. */
  eventsAfter(sessionId: string, afterSeq: Record<string, number> = {}): RunEventMessage[] {
    this.#evictOld();
    const out: RunEventMessage[] = [];
    for (const [runId, log] of this.#runs) {
      if (log.sessionId !== sessionId) continue;
      const after = afterSeq[runId] ?? 0;
      out.push(...log.events.filter((message) => message.seq > after));
    }
    return out;
  }

  #evictOld(): void {
    const cutoff = Date.now() - KEEP_FINISHED_MS;
    for (const [runId, log] of this.#runs) {
      if (log.finishedAt !== null && log.finishedAt < cutoff) this.#runs.delete(runId);
    }
  }
}
