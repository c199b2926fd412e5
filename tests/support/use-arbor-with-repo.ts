import { afterAll, beforeAll } from "vitest";
import type { SendBody } from "./api-types.ts";
import { startArborWithClaude, type ArborWithClaude } from "./arbor-with-claude.ts";
import { sendChat } from "./call-api.ts";
import { createPinnedRepo, type PinnedRepo } from "./pinned-repo.ts";

/** A test file's Arbor server and pinned repository; read them inside tests and hooks, once beforeAll has run. */
export interface ArborWithRepo {
  env: ArborWithClaude;
  repo: PinnedRepo;
  /** POST /api/chat/send to this server; resolves when the run has ended. */
  send(sessionId: string, userMessage: string): Promise<{ status: number; body: SendBody }>;
}

/**
 * For a test file: one Arbor server (real claude CLI, mock model) and one pinned repository,
 * started before the file's tests and removed after them.
 */
export function useArborWithRepo(options?: Parameters<typeof startArborWithClaude>[0]): ArborWithRepo {
  let env: ArborWithClaude | undefined;
  let repo: PinnedRepo | undefined;
  beforeAll(async () => {
    const started = await startArborWithClaude(options);
    env = started;
    repo = await createPinnedRepo(() => started.arbor);
  });
  afterAll(async () => {
    await env?.close();
    await repo?.remove();
  });
  const shared: ArborWithRepo = {
    get env() {
      if (!env) throw new Error("useArborWithRepo: the server is started in beforeAll; read env inside a test");
      return env;
    },
    get repo() {
      if (!repo) throw new Error("useArborWithRepo: the repository is made in beforeAll; read repo inside a test");
      return repo;
    },
    send: (sessionId, userMessage) => sendChat(shared.env.arbor, { sessionId, userMessage }),
  };
  return shared;
}
