// Sandboxed is offered only where Claude Code's sandbox can run: here Claude's PATH (set through
// ARBOR_CLAUDE_ENV_PATH, as a user would) holds every program of this machine but bubblewrap and socat.
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "@/lib/errors/error-body.ts";
import { callApi, trustRepo } from "@/tests/support/call-api.ts";
import { repoRoot } from "@/tests/support/start-arbor.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";

/** A folder with a link to each program on this PATH, bubblewrap and socat left out. */
function pathWithoutSandbox(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "arbor-no-sandbox-bin-"));
  const linked = new Set(["bwrap", "socat"]);
  for (const source of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    let names: string[];
    try {
      names = readdirSync(source);
    } catch {
      continue;
    }
    for (const name of names) {
      if (linked.has(name)) continue;
      linked.add(name);
      symlinkSync(path.join(source, name), path.join(folder, name));
    }
  }
  return folder;
}

const bin = pathWithoutSandbox();
afterAll(() => rmSync(bin, { recursive: true, force: true }));
const shared = useArborWithRepo({
  serverEnv: { ARBOR_CLAUDE_ENV_PATH: [path.join(repoRoot, "node_modules", ".bin"), bin].join(path.delimiter) },
});

type OfferBody = { sandbox: { isOffered: boolean; problem: string | null; reason: string | null } };

describe("Sandboxed where the sandbox cannot run", () => {
  it("is not offered, saying what to install, and a plan asked to run Sandboxed is refused with nothing kept", async () => {
    const { arbor } = shared.env;
    const { repoId } = shared.repo;
    const untrusted = await callApi<OfferBody>(arbor, `/api/repos/${repoId}/sandbox`);
    expect(untrusted.body.sandbox).toMatchObject({ isOffered: false, problem: "untrusted" });
    expect(untrusted.body.sandbox.reason).toMatch(/only in a repository you trust/);

    await trustRepo(arbor, repoId);
    const offer = await callApi<OfferBody>(arbor, `/api/repos/${repoId}/sandbox`);
    expect(offer.status).toBe(200);
    expect(offer.body.sandbox).toMatchObject({ isOffered: false, problem: "sandbox_unavailable" });
    expect(offer.body.sandbox.reason).toMatch(
      /bwrap and socat cannot be found on the PATH Arbor gives Claude\. Install them \(sudo apt-get install bubblewrap socat\)/,
    );

    const plan = await callApi<{ plan: { id: string } }>(arbor, "/api/plans", {
      body: { repoId, title: "Boxed", goal: "Run boxed." },
    });
    const planId = plan.body.plan.id;
    const tree = { nodes: [{ slug: "solo", title: "Solo", description: "[[mock:text hi]]" }], edges: [] };
    expect((await callApi(arbor, "/api/tree-spec", { body: { planId, tree, baseVersion: null } })).status).toBe(200);
    const refused = await callApi<ErrorBody>(arbor, `/api/plans/${planId}/run`, {
      body: { permissionMode: "sandboxed" },
    });
    expect(refused.status).toBe(412);
    expect(refused.body.error.message).toBe(offer.body.sandbox.reason);
    expect((await callApi(arbor, `/api/plans/${planId}/run`)).status).toBe(404);
  });
});
