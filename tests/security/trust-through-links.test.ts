// Attack: a repository whose `.claude` is a symbolic link to a folder elsewhere (a shared config
// folder, a temp dir an agent can write to). The user trusts what the repository showed; then a hook
// is added behind the link, the link is pointed at another folder, or its target disappears. Claude
// Code follows the link, so trust must cover what it loads there: each change asks again, and a hook
// added behind the link runs only once the user trusted it.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import type { ErrorBody, TrustBody } from "@/tests/support/api-types.ts";
import { callApi, openSession, pinRepo, sendChat, trustRepo } from "@/tests/support/call-api.ts";
import { createFixtureRoot, createRepoWithOrigin, removeGitFixture } from "@/tests/support/git-fixtures.ts";

let env: ArborWithClaude;
let fixture: { root: string };
let mainPath: string;
let repoId: string;
let sessionId: string;
let markers: string;
/** The folder `.claude` points at, outside the repository. */
let shared: string;

const marker = (name: string) => path.join(markers, name);
const hook = (name: string) => ({ hooks: [{ type: "command", command: `touch '${marker(name)}'` }] });
const settingsWith = (names: string[]) =>
  JSON.stringify({ hooks: { UserPromptSubmit: names.map((name) => hook(name)) } });

const readTrust = async () => (await callApi<TrustBody>(env.arbor, `/api/repos/${repoId}/trust`)).body.trust;

function pointClaudeAt(target: string): void {
  rmSync(path.join(mainPath, ".claude"), { force: true });
  symlinkSync(target, path.join(mainPath, ".claude"));
}

/** Sends one message and returns the markers the project's hooks left (cleared before). */
async function markersAfterSend(text: string): Promise<string[]> {
  for (const name of readdirSync(markers)) rmSync(marker(name));
  const { status, body } = await sendChat(env.arbor, { sessionId, userMessage: `${text} [[mock:text fine]]` });
  expect(status).toBe(200);
  expect(body.run.status).toBe("success");
  return readdirSync(markers).sort();
}

beforeAll(async () => {
  env = await startArborWithClaude();
  fixture = await createFixtureRoot();
  markers = path.join(fixture.root, "markers");
  shared = path.join(fixture.root, "shared-claude");
  mkdirSync(markers);
  mkdirSync(shared);
  writeFileSync(path.join(shared, "settings.json"), settingsWith(["first"]));
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
  pointClaudeAt(shared);
  repoId = await pinRepo(env.arbor, mainPath);
  sessionId = await openSession(env.arbor, { repoId, worktreePath: mainPath });
});

afterAll(async () => {
  await env?.close();
  if (fixture) await removeGitFixture(fixture);
});

describe("a repository whose .claude is a link", () => {
  it("says where .claude points, that Arbor read the files there, and lists the hook found there", async () => {
    const trust = await readTrust();
    expect(trust.status).toBe("untrusted");
    const link = trust.inspection.findings.find((finding) => finding.source === ".claude");
    expect(link?.kind).toBe("link");
    expect(link?.risk).toContain(`.claude is a link to ${shared}`);
    expect(link?.risk).toContain("Arbor read the files there");
    const stop = trust.inspection.findings.find((finding) => finding.title === "UserPromptSubmit hook");
    expect(stop?.source).toBe(".claude/settings.json");
    expect(stop?.detail).toContain(marker("first"));
  });

  it("trusted, the hook behind the link runs (Claude Code follows the link)", async () => {
    await trustRepo(env.arbor, repoId);
    expect(await markersAfterSend("trusted")).toEqual(["first"]);
  });

  it("a hook added behind the link asks again and does not run until the user trusts it", async () => {
    await trustRepo(env.arbor, repoId);
    writeFileSync(path.join(shared, "settings.json"), settingsWith(["first", "added"]));
    // Not trusted any more: the run goes ahead without the project's settings, so neither hook runs.
    expect(await markersAfterSend("after the change")).toEqual([]);
    const trust = await readTrust();
    expect(trust.status).toBe("changed");
    const added = trust.inspection.findings.filter((finding) => trust.newFindingIds.includes(finding.id));
    expect(added.map((finding) => finding.detail).join("\n")).toContain(marker("added"));

    await trustRepo(env.arbor, repoId);
    expect(await markersAfterSend("trusted again")).toEqual(["added", "first"]);
  });

  it("pointing the link at another folder with the same files asks again", async () => {
    await trustRepo(env.arbor, repoId);
    const elsewhere = path.join(fixture.root, "elsewhere-claude");
    cpSync(shared, elsewhere, { recursive: true });
    pointClaudeAt(elsewhere);
    const trust = await readTrust();
    expect(trust.status).toBe("changed");
    const link = trust.inspection.findings.find((finding) => finding.source === ".claude");
    expect(link?.risk).toContain(`.claude is a link to ${elsewhere}`);
    expect(trust.newFindingIds).toContain(link?.id);
    expect(await markersAfterSend("retargeted")).toEqual([]);
  });

  it("a link whose target disappears asks again and says it leads nowhere", async () => {
    const elsewhere = path.join(fixture.root, "elsewhere-claude");
    pointClaudeAt(elsewhere);
    await trustRepo(env.arbor, repoId);
    rmSync(elsewhere, { recursive: true });
    const trust = await readTrust();
    expect(trust.status).toBe("changed");
    const link = trust.inspection.findings.find((finding) => finding.source === ".claude");
    expect(link?.risk).toContain("does not exist");
    expect(existsSync(path.join(mainPath, ".claude", "settings.json"))).toBe(false);
  });
});

describe("links that lead somewhere odd are described without hanging", () => {
  it("a link loop, /dev/zero, a FIFO and /proc are reported, not read, and cannot be trusted", async () => {
    const odd = path.join(fixture.root, "odd-claude");
    mkdirSync(odd);
    symlinkSync(path.join(odd, "settings.json"), path.join(odd, "settings.json.loop"));
    symlinkSync(path.join(odd, "settings.json.loop"), path.join(odd, "settings.json"));
    symlinkSync("/dev/zero", path.join(odd, "settings.local.json"));
    symlinkSync(odd, path.join(odd, "skills"));
    pointClaudeAt(odd);
    rmSync(path.join(mainPath, ".mcp.json"), { force: true });
    symlinkSync("/proc/self/environ", path.join(mainPath, ".mcp.json"));
    const fifo = path.join(fixture.root, "fifo");
    execFileSync("mkfifo", [fifo]);
    symlinkSync(fifo, path.join(odd, "agents"));

    const trust = await readTrust();
    const about = (source: string) =>
      trust.inspection.findings.filter((finding) => finding.source === source).map((finding) => finding.risk);
    expect(about(".claude/settings.json").join("\n")).toContain("does not exist");
    expect(about(".claude/settings.local.json").join("\n")).toContain("/dev/zero, which is not a regular file");
    expect(about(".claude/agents").join("\n")).toContain("not a folder");
    expect(about(".mcp.json").join("\n")).toContain("goes through /proc");
    // Nothing of Arbor's own environment is shown.
    expect(JSON.stringify(trust)).not.toContain("ANTHROPIC_BASE_URL=");
    // Claude Code would read the FIFO-like device and /proc as its own: trusting is refused while they are there.
    const refused = await callApi<ErrorBody>(env.arbor, `/api/repos/${repoId}/trust`, {
      body: { digest: trust.digest },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("cannot read .claude/settings.local.json, .mcp.json");
    expect((await readTrust()).status).toBe("changed");
  });
});
