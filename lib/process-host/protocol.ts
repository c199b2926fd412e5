import type { SpawnFailure, SpawnRequest } from "./types.ts";

/** Messages from Arbor's server to its process host, over the IPC channel of `fork`. */
export type HostRequest =
  | { type: "spawn"; id: number; request: SpawnRequest }
  | { type: "stdin"; id: number; text: string }
  | { type: "stdin_end"; id: number }
  | { type: "git"; id: number; args: string[]; env: Record<string, string> };

/** Messages from the process host back to the server; `id` is the request's. */
export type HostReply =
  | { type: "start"; id: number; pid: number }
  | { type: "spawn_error"; id: number; failure: SpawnFailure }
  | { type: "stdout"; id: number; chunk: Uint8Array }
  | { type: "stderr"; id: number; chunk: Uint8Array }
  | { type: "stdin_error"; id: number; code: string }
  | { type: "exit"; id: number; code: number | null; signal: NodeJS.Signals | null }
  | { type: "close"; id: number }
  | { type: "git_done"; id: number; stdout: string }
  | { type: "git_failed"; id: number; message: string };
