import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import { connectWs } from "@/tests/support/ws-client.ts";
import type { CreatedWorktree } from "@/lib/worktrees/worktree-types.ts";
import { formatCommandLine } from "@/lib/worktrees/worktree-setup.ts";
import type { PlanBody } from "@/tests/support/api-types.ts";

const shared = useArborWithRepo();

/**
 * Trusts the repository, saves `node -e <script>` as its setup command, and returns a socket that
 * follows the repository's live messages (subscribed before anything is created).
 */
async function setupCommandWithFeed(script: string, timeoutSeconds: number) {
  const { repoId } = shared.repo;
  await trustRepo(shared.env.arbor, repoId);
  const saved = await callApi(shared.env.arbor, `/api/repos/${repoId}/worktree-setup`, {
    method: "PUT",
    body: { copyFiles: [], command: ["node", "-e", script], timeoutSeconds },
  });
  expect(saved.status).toBe(200);
  const ws = await connectWs(shared.env.arbor);
  ws.send({ type: "subscribe_repo", repoId });
  ws.send({ type: "ping" });
  await ws.waitFor((message) => message.type === "pong");
  return ws;
}

/** A FIFO under the fixture root: a setup command that reads it waits until the test writes to it, or is stopped. */
function makeGate(name: string): string {
  const gate = path.join(shared.repo.root, name);
  execFileSync("mkfifo", [gate]);
  return gate;
}

/** A setup script that prints `line`, then waits on `gate`, then prints `after` (when given). */
function printThenWait(line: string, gate: string, after?: string): string {
  const waits = `console.log(${JSON.stringify(line)}); require("fs").readFileSync(${JSON.stringify(gate)})`;
  return after === undefined ? waits : `${waits}; console.log(${JSON.stringify(after)})`;
}

const stopSetup = (setupId: string) =>
  callApi<{ isStopped?: boolean; error?: { message: string } }>(shared.env.arbor, "/api/worktrees/setup/stop", {
    body: { setupId },
  });

describe("setup command output, live", () => {
  it("reaches a subscriber of the repository while the command still runs, and the report keeps it", async () => {
    const { repoId, root } = shared.repo;
    // The command prints, then blocks reading a FIFO until the test writes to it.
    const gate = makeGate("setup-gate");
    const script = printThenWait("installing step 1", gate, "step 2 done");
    const ws = await setupCommandWithFeed(script, 60);
    try {
      const setupId = "6f1c8a2e-4b7d-4c39-9a51-0d2e3f4a5b6c";
      let isAnswered = false;
      const creating = callApi<CreatedWorktree>(shared.env.arbor, "/api/worktrees", {
        body: { repoId, branch: "feat/streamed-setup", setupId },
      }).then((response) => {
        isAnswered = true;
        return response;
      });
      const first = await ws.waitFor(
        (message) =>
          message.type === "setup_output" && message.setupId === setupId && message.text.includes("installing step 1"),
      );
      expect(first).toMatchObject({
        type: "setup_output",
        repoId,
        worktreePath: path.join(root, "main-streamed-setup"),
      });
      // The command is still blocked on the FIFO: nothing has answered the request yet.
      expect(isAnswered).toBe(false);
      expect(ws.messages.some((message) => message.type === "setup_output" && message.text.includes("step 2"))).toBe(
        false,
      );
      // Held while it is set up: neither a removal nor a Claude run takes it half made.
      const worktreePath = path.join(root, "main-streamed-setup");
      const removal = await callApi<{ blockers: string[] }>(shared.env.arbor, "/api/worktrees/remove", {
        body: { repoId, worktreePath, dryRun: true },
      });
      expect(removal.body.blockers).toContain(
        "Arbor is setting up a new worktree in it right now; wait until it is done.",
      );
      expect(
        (await callApi(shared.env.arbor, "/api/worktrees/remove", { body: { repoId, worktreePath } })).status,
      ).toBe(409);
      writeFileSync(gate, "go");
      const created = await creating;
      expect(created.status).toBe(201);
      expect(created.body.setup.command).toMatchObject({
        status: "succeeded",
        output: "installing step 1\nstep 2 done\n",
      });
      const streamed = ws.messages
        .flatMap((message) => (message.type === "setup_output" && message.setupId === setupId ? [message.text] : []))
        .join("");
      expect(streamed).toBe("installing step 1\nstep 2 done\n");
    } finally {
      ws.close();
    }
  });

  it("sends a flood of output live only up to a limit and reports its end, without holding all of it", async () => {
    const { repoId } = shared.repo;
    const script = `for (let i = 0; i < 48; i++) process.stdout.write("x".repeat(65536) + "\\n"); console.log("THE END")`;
    const ws = await setupCommandWithFeed(script, 60);
    try {
      const setupId = "0b6d9c1e-2f3a-4b5c-8d7e-9f0a1b2c3d4e";
      const created = await callApi<CreatedWorktree>(shared.env.arbor, "/api/worktrees", {
        body: { repoId, branch: "feat/flooding-setup", setupId },
      });
      expect(created.status).toBe(201);
      const output = created.body.setup.command?.output ?? "";
      expect(output.endsWith("THE END\n")).toBe(true);
      expect(output.length).toBeLessThan(20_000);
      // Nothing is sent after the line that says the live output stopped.
      await ws.waitFor(
        (message) =>
          message.type === "setup_output" &&
          message.setupId === setupId &&
          message.text.includes("Arbor stopped showing the output live here"),
      );
      const streamed = ws.messages
        .flatMap((message) => (message.type === "setup_output" && message.setupId === setupId ? [message.text] : []))
        .join("");
      expect(streamed.length).toBeLessThan(600 * 1024);
      expect(streamed).not.toContain("THE END");
    } finally {
      ws.close();
    }
  });

  it("stops a setup command when the user asks, keeping the worktree and what it wrote", async () => {
    const { repoId } = shared.repo;
    // Prints, then would wait for a FIFO nobody writes: only a stop ends it before its time limit.
    const ws = await setupCommandWithFeed(printThenWait("started", makeGate("never-opened-gate")), 600);
    try {
      const setupId = "5e2a7c41-9d3b-4f6a-8b1c-2d4e6f8a0b1c";
      const creating = callApi<CreatedWorktree>(shared.env.arbor, "/api/worktrees", {
        body: { repoId, branch: "feat/stopped-setup", setupId },
      });
      await ws.waitFor(
        (message) => message.type === "setup_output" && message.setupId === setupId && message.text.includes("started"),
      );
      expect((await stopSetup(setupId)).body).toEqual({ isStopped: true });
      const created = await creating;
      expect(created.status).toBe(201);
      expect(created.body.setup.command).toMatchObject({ status: "failed", output: "started\n" });
      expect(created.body.setup.command?.message).toContain("The setup command was stopped, as you asked.");
      expect(existsSync(created.body.worktreePath)).toBe(true);
      // Nothing is running under that id any more; an unknown one is refused the same way.
      const again = await stopSetup(setupId);
      expect(again.status).toBe(404);
      expect(again.body.error?.message).toContain("No setup command with that id is running");
      expect((await stopSetup("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    } finally {
      ws.close();
    }
  });

  it("streams a design node's Create branch setup the same way, says when the command starts, and stops it", async () => {
    const { repoId } = shared.repo;
    const script = printThenWait("node setup", makeGate("node-gate"));
    const ws = await setupCommandWithFeed(script, 600);
    try {
      const plan = await callApi<PlanBody>(shared.env.arbor, "/api/plans", {
        body: { repoId, title: "Streamed node", goal: "" },
      });
      const planId = plan.body.plan.id;
      const tree = {
        nodes: [{ slug: "streamed", title: "Streamed", description: null, status: "planned" }],
        edges: [],
      };
      expect(
        (await callApi(shared.env.arbor, "/api/tree-spec", { body: { planId, tree, baseVersion: null } })).status,
      ).toBe(200);
      const setupId = "7a3b9c2d-1e4f-4a5b-9c6d-7e8f9a0b1c2d";
      const creating = callApi<{ setup: CreatedWorktree["setup"]; worktreePath: string }>(
        shared.env.arbor,
        `/api/plans/${planId}/nodes/streamed/branch`,
        { body: { setupId } },
      );
      const started = await ws.waitFor((message) => message.type === "setup_started" && message.setupId === setupId);
      expect(started).toMatchObject({ repoId, command: formatCommandLine(["node", "-e", script]) });
      await ws.waitFor(
        (message) => message.type === "setup_output" && message.setupId === setupId && message.text === "node setup\n",
      );
      expect((await stopSetup(setupId)).status).toBe(200);
      const created = await creating;
      expect(created.status).toBe(201);
      expect(created.body.setup.command).toMatchObject({ status: "failed", output: "node setup\n" });
      expect(created.body.setup.command?.message).toContain("The setup command was stopped, as you asked.");
      expect(existsSync(created.body.worktreePath)).toBe(true);
      const refused = await callApi(shared.env.arbor, `/api/plans/${planId}/nodes/streamed/branch`, {
        body: { setupId: "not-a-uuid" },
      });
      expect(refused.status).toBe(422);
    } finally {
      ws.close();
    }
  });

  it("refuses a setup id that is not a UUID", async () => {
    const refused = await callApi<{ error: { code: string } }>(shared.env.arbor, "/api/worktrees", {
      body: { repoId: shared.repo.repoId, branch: "feat/bad-setup-id", setupId: "../x" },
    });
    expect(refused.status).toBe(422);
  });
});
