import { announceSignedOut, webSocketProtocols } from "@/components/api/page-key.ts";
import { serverMessageSchema, type ClientMessage, type ServerMessage } from "@/lib/realtime/protocol.ts";
import { reconnectDelay } from "./reconnect-delay.ts";
import { SubscriptionCounts, once } from "./subscription-counts.ts";

export type ConnectionState = "connecting" | "connected" | "reconnecting";

interface RealtimeClientOptions {
  url: () => string;
  onMessage: (message: ServerMessage) => void;
  /** What the cache already holds for a session, so a resubscribe replays only the rest. */
  afterSeqFor: (sessionId: string) => Record<string, number>;
  /** Called after a reconnect, once subscriptions are resent: refetch what may have been missed. */
  onReconnected: (input: {
    sessionIds: string[];
    repoIds: string[];
    hasHooks: boolean;
    hasNotifications: boolean;
  }) => void;
}

const PING_EVERY_MS = 25_000;
/** The close code the server sends to the sockets of a browser it signed out (server/ws-gateway.ts). */
const SIGNED_OUT_CLOSE_CODE = 4401;
const SILENT_LIMIT_MS = 60_000;
/** A worktree path is never empty (the protocol requires min 1), so "" cannot collide with one. */
const ALL_DIRECTORIES = "";
/** The notifier's feed has no parameters: one key stands for it. */
const NOTIFICATIONS = "all";

/**
 * The tab's one WebSocket: reference-counted subscriptions, resent on every (re)connect;
 * exponential backoff; app-level pings so a half-open connection is noticed and replaced.
 */
export class RealtimeClient {
  readonly #options: RealtimeClientOptions;
  readonly #sessions = new SubscriptionCounts();
  readonly #repos = new SubscriptionCounts();
  /** Hook timelines by worktree path; ALL_DIRECTORIES stands for `null` (every directory). */
  readonly #hooks = new SubscriptionCounts();
  readonly #notifications = new SubscriptionCounts();
  /** Worktrees whose files the server watches for this tab, as JSON `[repoId, worktreePath]`. */
  readonly #watches = new SubscriptionCounts();
  readonly #listeners = new Set<() => void>();
  #socket: WebSocket | null = null;
  #state: ConnectionState = "connecting";
  #attempt = 0;
  #hasConnected = false;
  #isStopped = true;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #pingTimer: ReturnType<typeof setInterval> | null = null;
  #lastMessageAt = 0;

  constructor(options: RealtimeClientOptions) {
    this.#options = options;
  }

  start(): void {
    if (!this.#isStopped) return;
    this.#isStopped = false;
    this.#connect();
  }

  stop(): void {
    this.#isStopped = true;
    this.#clearTimers();
    this.#socket?.close(1000, "tab closed");
    this.#socket = null;
  }

  getState = (): ConnectionState => this.#state;

  onStateChange = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  subscribeSession(sessionId: string): () => void {
    if (this.#sessions.add(sessionId)) this.#sendSubscribeSession(sessionId);
    return once(() => {
      if (this.#sessions.remove(sessionId)) this.#send({ type: "unsubscribe_session", sessionId });
    });
  }

  subscribeRepo(repoId: string): () => void {
    if (this.#repos.add(repoId)) this.#send({ type: "subscribe_repo", repoId });
    return once(() => {
      if (this.#repos.remove(repoId)) this.#send({ type: "unsubscribe_repo", repoId });
    });
  }

  /** Hook events and relays of one worktree, or of every directory (`null`, the Logs page). */
  subscribeHooks(worktreePath: string | null): () => void {
    const key = worktreePath ?? ALL_DIRECTORIES;
    if (this.#hooks.add(key)) this.#send({ type: "subscribe_hooks", worktreePath });
    return once(() => {
      if (this.#hooks.remove(key)) this.#send({ type: "unsubscribe_hooks", worktreePath });
    });
  }

  /**
   * The completion/error notifier's feed (every worktree). The protocol has no unsubscribe for
   * it: after the last release the socket just stops asking for it on the next (re)connect.
   */
  subscribeNotifications(): () => void {
    if (this.#notifications.add(NOTIFICATIONS)) this.#send({ type: "subscribe_notifications" });
    return once(() => {
      this.#notifications.remove(NOTIFICATIONS);
    });
  }

  /**
   * Asks the server to watch a worktree's files and git dirs while this tab shows it: edits from
   * a terminal or an editor arrive as `invalidate` messages on the repository's topic, which this
   * also subscribes to.
   */
  watchWorktree(input: { repoId: string; worktreePath: string }): () => void {
    const releaseRepo = this.subscribeRepo(input.repoId);
    const key = JSON.stringify([input.repoId, input.worktreePath]);
    if (this.#watches.add(key)) this.#send({ type: "watch_worktree", ...input });
    return once(() => {
      if (this.#watches.remove(key)) this.#send({ type: "unwatch_worktree", ...input });
      releaseRepo();
    });
  }

  #connect(): void {
    this.#setState(this.#hasConnected ? "reconnecting" : "connecting");
    const socket = new WebSocket(this.#options.url(), webSocketProtocols());
    this.#socket = socket;
    socket.onopen = () => this.#handleOpen(socket);
    socket.onmessage = (event) => this.#handleMessage(event.data);
    socket.onclose = (event) => this.#handleClose(socket, event.code);
  }

  #handleOpen(socket: WebSocket): void {
    if (socket !== this.#socket) return;
    const isReconnect = this.#hasConnected;
    this.#hasConnected = true;
    this.#attempt = 0;
    this.#lastMessageAt = Date.now();
    for (const sessionId of this.#sessions.keys()) this.#sendSubscribeSession(sessionId);
    for (const repoId of this.#repos.keys()) this.#send({ type: "subscribe_repo", repoId });
    for (const key of this.#hooks.keys())
      this.#send({ type: "subscribe_hooks", worktreePath: key === ALL_DIRECTORIES ? null : key });
    if (this.#notifications.keys().length > 0) this.#send({ type: "subscribe_notifications" });
    for (const key of this.#watches.keys()) {
      const [repoId = "", worktreePath = ""] = JSON.parse(key) as string[];
      this.#send({ type: "watch_worktree", repoId, worktreePath });
    }
    this.#pingTimer = setInterval(() => this.#checkAlive(), PING_EVERY_MS);
    this.#setState("connected");
    if (isReconnect)
      this.#options.onReconnected({
        sessionIds: this.#sessions.keys(),
        repoIds: this.#repos.keys(),
        hasHooks: this.#hooks.keys().length > 0,
        hasNotifications: this.#notifications.keys().length > 0,
      });
  }

  #handleMessage(data: unknown): void {
    this.#lastMessageAt = Date.now();
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (parsed.success) this.#options.onMessage(parsed.data);
  }

  #handleClose(socket: WebSocket, code: number): void {
    if (socket !== this.#socket) return;
    // 4401: the server signed this browser out (Settings → Signed-in browsers).
    if (code === SIGNED_OUT_CLOSE_CODE) announceSignedOut();
    this.#socket = null;
    this.#clearTimers();
    if (this.#isStopped) return;
    this.#setState(this.#hasConnected ? "reconnecting" : "connecting");
    this.#retryTimer = setTimeout(() => this.#connect(), reconnectDelay(this.#attempt++));
  }

  #checkAlive(): void {
    if (Date.now() - this.#lastMessageAt > SILENT_LIMIT_MS) {
      this.#socket?.close(4000, "no answer to pings");
      return;
    }
    this.#send({ type: "ping" });
  }

  #sendSubscribeSession(sessionId: string): void {
    this.#send({ type: "subscribe_session", sessionId, afterSeq: this.#options.afterSeqFor(sessionId) });
  }

  #send(message: ClientMessage): void {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(message));
  }

  #clearTimers(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    if (this.#pingTimer) clearInterval(this.#pingTimer);
    this.#retryTimer = null;
    this.#pingTimer = null;
  }

  #setState(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }
}
