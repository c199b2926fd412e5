// Attack: after the user allows one innocuous Bash command ("run the test suite"), the script collects every
// Arbor credential a program running as the user can read (ARBOR_TOKEN in its environment or in Arbor's
// /proc/<pid>/environ, <data dir>/access-token) and uses it to take the human out of the loop: answer another
// agent's request with a global "Allow always" signed "Firefox tab", switch worktrees to Bypass, trust the
// repository, loosen the settings, sign a browser in. The token must only read: every one of those is refused
// and nothing changes. (fixtures/self-approval-attack.mjs is the script; the real CLI runs it.)
import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import type { SettingsBody, TrustBody } from "@/tests/support/api-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { waitForPendingApproval } from "@/tests/support/pending-approval.ts";

const AGENT_READABLE_TOKEN = "token-in-arbors-environment-0123456789";
const shared = useArborWithRepo({ serverEnv: { ARBOR_TOKEN: AGENT_READABLE_TOKEN } });

interface AttackResult {
  tokens: number;
  servers: string[];
  attempts: Array<{ what: string; status: number }>;
}

describe("an allowed script cannot approve for the user", () => {
  it("finds Arbor's token but can only read with it: every step of taking over is refused and nothing changes", async () => {
    const { arbor } = shared.env;
    // Another agent waits for the user.
    const other = await shared.repo.freshSession("other-agent");
    const otherSending = shared.send(other.sessionId, "[[mock:bash echo unattended > unattended.txt]]");
    const otherPending = await waitForPendingApproval(shared.env.arbor, other.sessionId);
    const settingsBefore = (await callApi<SettingsBody>(arbor, "/api/settings")).body.settings;

    // This agent asks to run the repository's "test suite"; the user allows it once.
    const attacker = await shared.repo.freshSession("attacker");
    copyFileSync(
      path.join(import.meta.dirname, "fixtures", "self-approval-attack.mjs"),
      path.join(attacker.worktreePath, "run-tests.mjs"),
    );
    const sending = shared.send(attacker.sessionId, `[[mock:bash node run-tests.mjs ${arbor.url}]]`);
    const asked = await waitForPendingApproval(shared.env.arbor, attacker.sessionId);
    expect(
      (await callApi(arbor, `/api/approvals/${asked.id}`, { body: { decision: { action: "allow_once" } } })).status,
    ).toBe(200);
    expect((await sending).body.run.status).toBe("success");

    const result = JSON.parse(
      readFileSync(path.join(attacker.worktreePath, "attack-result.json"), "utf8"),
    ) as AttackResult;
    // The script did find the token and the server (reading is not what Arbor can stop for a same-user program)…
    expect(result.tokens).toBeGreaterThanOrEqual(1);
    expect(result.servers).toContain(arbor.url);
    const statusOf = (what: string) => result.attempts.filter((attempt) => attempt.what === what).map((a) => a.status);
    expect(statusOf("read approvals")).toContain(200);
    // …and every attempt to act with it was refused.
    for (const what of [
      "answer another agent's request",
      "switch that worktree to Bypass",
      "trust the repository",
      "loosen settings",
      "mint a sign-in link",
    ]) {
      expect(statusOf(what).length, what).toBeGreaterThan(0);
      for (const status of statusOf(what)) expect([401, 403], what).toContain(status);
    }
    for (const status of statusOf("sign in with the token")) expect(status).toBe(401);

    // Nothing changed: the other request still waits, unanswered; no mode, trust, rule or setting moved.
    const approvals = await callApi<{ approvals: ApprovalView[] }>(
      arbor,
      `/api/approvals?sessionId=${other.sessionId}`,
    );
    expect(approvals.body.approvals.find((approval) => approval.id === otherPending.id)).toMatchObject({
      status: "pending",
      answeredBy: null,
    });
    const mode = await callApi<{ mode: string }>(
      arbor,
      `/api/worktree-mode?repoId=${shared.repo.repoId}&worktreePath=${encodeURIComponent(other.worktreePath)}`,
    );
    expect(mode.body.mode).toBe("default");
    const trust = await callApi<TrustBody>(arbor, `/api/repos/${shared.repo.repoId}/trust`);
    expect(trust.body.trust.status).toBe("untrusted");
    const rules = await callApi<{ rules: unknown[] }>(arbor, `/api/permission-rules?repoId=${shared.repo.repoId}`);
    expect(rules.body.rules).toEqual([]);
    expect((await callApi<SettingsBody>(arbor, "/api/settings")).body.settings).toEqual(settingsBefore);

    // The user answers the other request; it records the signed-in browser, not a name a client chose.
    const answered = await callApi<{ approval: ApprovalView }>(arbor, `/api/approvals/${otherPending.id}`, {
      body: { decision: { action: "deny", message: "not now" }, by: "Firefox tab" },
    });
    expect(answered.body.approval.answeredBy).toMatch(/^A browser · [0-9a-f]{4}$/);
    await otherSending;
  });
});
