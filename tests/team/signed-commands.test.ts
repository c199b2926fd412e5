import { beforeAll, describe, expect, it } from "vitest";
import type { MessagesBody } from "@/tests/support/api-types.ts";
import { callApi, sendChat, trustRepo } from "@/tests/support/call-api.ts";
import { forgeCommand, localInstanceId } from "@/tests/support/forge-command.ts";
import { withAdmin } from "@/tests/support/test-database.ts";
import { useTwoInstances } from "@/tests/support/use-two-instances.ts";

/**
 * A team with a key (ARBOR_TEAM_KEY, the same on both instances, never in the database): requests
 * between instances are signed with it, and a row someone wrote into a queue (with the database's
 * password only) is refused, whether unsigned, signed with another key, or copied from a real one.
 */
const TEAM_KEY = "team-key-".padEnd(48, "0123456789abcdef");
const team = useTwoInstances({ key: "signed", serverEnv: { ARBOR_TEAM_KEY: TEAM_KEY } });
const { skipReason } = team;
const title = "requests between instances signed with the team's key";

beforeAll(async () => {
  if (!skipReason) await trustRepo(team.owner.arbor, team.repos[0]!.repoId);
});

const storedMessages = async (sessionId: string) =>
  (await callApi<MessagesBody>(team.owner.arbor, `/api/chat/messages?sessionId=${sessionId}`)).body.messages.map(
    (message) => message.content,
  );

describe.skipIf(skipReason)(skipReason ? `${title} (skipped: ${skipReason})` : title, () => {
  it("runs a signed send from the other instance, and refuses the same row copied back into the queue", async () => {
    const { sessionId } = await team.repos[0]!.freshSession("signed");
    const sent = await sendChat(team.other, { sessionId, userMessage: "Signed [[mock:text ok]]" });
    expect(sent.status).toBe(200);
    expect(await storedMessages(sessionId)).toEqual(["Signed [[mock:text ok]]", "ok"]);

    // What the other instance sent, as pg-boss keeps it: a valid signature, used once already.
    const ownerId = await localInstanceId(team.owner.arbor);
    const original = await withAdmin(team.databaseUrl, async (client) => {
      const { rows } = await client.query<{ data: unknown }>(
        `SELECT data FROM arbor_jobs.job WHERE name = $1 AND data->'command'->>'kind' = 'send'`,
        [`arbor-commands-${ownerId}`],
      );
      return rows[0]!.data;
    });
    expect(original).toHaveProperty("sig.mac");
    const copied = await forgeCommand(team.databaseUrl, ownerId, original);
    expect(copied.status).toBe(403);
    expect(copied.body.error.message).toBe(
      "This request was already received once (a copy of an earlier request), so it was not run. Every Arbor of the team must start with the same ARBOR_TEAM_KEY.",
    );
    expect(await storedMessages(sessionId)).toEqual(["Signed [[mock:text ok]]", "ok"]);
  });

  it("refuses a command written into the queue without the key, or signed with another, running nothing", async () => {
    const { sessionId } = await team.repos[0]!.freshSession("forged");
    const ownerId = await localInstanceId(team.owner.arbor);
    const envelope = {
      from: await localInstanceId(team.other),
      by: "someone",
      command: { kind: "send", sessionId, userMessage: "Forged [[mock:text forged]]" },
    };
    const unsigned = await forgeCommand(team.databaseUrl, ownerId, envelope);
    expect(unsigned.status).toBe(403);
    expect(unsigned.body.error.message).toContain("is not signed with the team's key, so it was not run");
    const mac = "0".repeat(64);
    const wrongKey = await forgeCommand(team.databaseUrl, ownerId, {
      ...envelope,
      sig: { at: new Date().toISOString(), nonce: "1".repeat(32), mac },
    });
    expect(wrongKey.status).toBe(403);
    expect(wrongKey.body.error.message).toContain("does not match the team's key");
    expect(await storedMessages(sessionId)).toEqual([]);
    expect(
      team.owner.mock.requests.filter((request) => request.rawBody.includes("Forged [[mock:text forged]]")),
    ).toHaveLength(0);
  });
});
