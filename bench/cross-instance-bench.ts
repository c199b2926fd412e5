// Drive from anywhere, measured: a send from another instance and the tokens it streams back,
// against the same on the owner itself, in the same run (npm run bench -- --db postgresql).
import { performance } from "node:perf_hooks";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import { startArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, openSession, trustRepo } from "@/tests/support/call-api.ts";
import { createPinnedRepo } from "@/tests/support/pinned-repo.ts";
import { removeDataDir, startArbor, type ArborAddress } from "@/tests/support/start-arbor.ts";
import { connectWs } from "@/tests/support/ws-client.ts";
import { percentile, round } from "./stats.ts";

export interface CrossInstanceStreamResult {
  /** From the owner producing a token to a page of the other instance having it. */
  tokenCrossP50Ms: number;
  tokenCrossP95Ms: number;
  /** The baseline: the same tokens reaching a page of the owner itself. */
  tokenSameP50Ms: number;
  tokenSameP95Ms: number;
  /** POST /api/chat/send answered (202) by the other instance, through the owner's queue… */
  sendForwardedP50Ms: number;
  sendForwardedP95Ms: number;
  /** …and by the owner itself. */
  sendLocalP50Ms: number;
  tokens: number;
}

const SENDS = 14;
/** The first send from each instance warms its paths up (and the CLI's): not counted. */
const WARM_UP_SENDS = 2;

/**
 * Two instances on one database: the owner runs the real CLI against the mock model. Each send
 * streams its answer slowly; a WebSocket on each instance records when each token arrives, measured
 * against the owner's clock at the token's production (one machine, one clock). Sends alternate
 * between the other instance and the owner, one at a time.
 */
export async function benchCrossInstanceStream(input: {
  newDatabase: () => Promise<string>;
}): Promise<CrossInstanceStreamResult> {
  const databaseUrl = await input.newDatabase();
  const owner = await startArborWithClaude({ serverEnv: { DATABASE_URL: databaseUrl } });
  const remote = await startArbor({ env: { DATABASE_URL: databaseUrl } });
  const repo = await createPinnedRepo(() => owner.arbor);
  try {
    await trustRepo(owner.arbor, repo.repoId);
    const worktreePath = await repo.addWorktree("bench-stream");
    const sessionId = await openSession(owner.arbor, { repoId: repo.repoId, worktreePath });
    const same: number[] = [];
    const cross: number[] = [];
    let isCounting = false;
    const watch = async (arbor: ArborAddress, into: number[]) => {
      const socket = await connectWs(arbor);
      socket.send({ type: "subscribe_session", sessionId });
      socket.send({ type: "ping" });
      await socket.waitFor((m) => m.type === "pong");
      socket.onMessage((message: ServerMessage) => {
        if (isCounting && message.type === "run_event" && message.event.kind === "text_delta")
          into.push(performance.timeOrigin + performance.now() - message.at);
      });
      return socket;
    };
    const watchers = [await watch(owner.arbor, same), await watch(remote, cross)];
    const forwarded: number[] = [];
    const local: number[] = [];
    for (let index = 0; index < SENDS; index += 1) {
      const from = index % 2 === 0 ? remote : owner.arbor;
      isCounting = index >= WARM_UP_SENDS;
      const started = performance.now();
      const accepted = await callApi<{ run: { id: string } }>(from, "/api/chat/send", {
        body: { sessionId, userMessage: `Token ${index} [[mock:slow 15]]` },
      });
      if (accepted.status !== 202) throw new Error(`send ${index} answered ${accepted.status}`);
      if (isCounting) (from === remote ? forwarded : local).push(performance.now() - started);
      const runId = accepted.body.run.id;
      // Both pages have the whole answer before the next send.
      await Promise.all(
        watchers.map((socket) =>
          socket.waitFor(
            (message) => message.type === "run_event" && message.runId === runId && message.event.kind === "finished",
          ),
        ),
      );
    }
    for (const socket of watchers) socket.close();
    return {
      tokenCrossP50Ms: round(percentile(cross, 50)),
      tokenCrossP95Ms: round(percentile(cross, 95)),
      tokenSameP50Ms: round(percentile(same, 50)),
      tokenSameP95Ms: round(percentile(same, 95)),
      sendForwardedP50Ms: round(percentile(forwarded, 50)),
      sendForwardedP95Ms: round(percentile(forwarded, 95)),
      sendLocalP50Ms: round(percentile(local, 50)),
      tokens: cross.length,
    };
  } finally {
    await remote.stop();
    removeDataDir(remote.dataDir);
    await owner.close();
    await repo.remove();
  }
}
