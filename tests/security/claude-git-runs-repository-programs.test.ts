// Attack: a repository the user has not trusted names programs in its own git config and
// attributes (`*.dat diff=rt merge=rt`, `*.txt filter=rt`): diff.external, a diff command and
// textconv, a merge driver, gpg.program, pager and editors, credential helper and askpass,
// core.sshCommand, core.gitProxy, core.alternateRefsCommand, interactive.diffFilter, a trailer
// command, a shell alias, a submodule update command, an ext:: remote, and a clean filter in its
// submodule's config. Claude Code treats `git diff`, `git log -p`, `git show`
// and `git blame` as read-only and runs them without asking; they ran the repository's programs,
// and so did an approved `git merge`, `git fetch` or `git log --show-signature`. Until the user
// trusts the repository none may run in any git Claude starts, and each command still does its
// job (the diff text is there, the merge shows its conflict, the fetch goes through the user's own
// ssh); a setting Arbor cannot switch off keeps Claude from starting, saying which and what to do.
import { chmodSync, existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startArborWithClaude, type ArborWithClaude } from "@/tests/support/arbor-with-claude.ts";
import { callApi, openSession, pinRepo, sendChat, trustRepo } from "@/tests/support/call-api.ts";
import {
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";

let env: ArborWithClaude;
let fixture: { root: string };
let mainPath: string;
let markers: string;
let repoId: string;
let sessionId: string;

const STALE = new Date("2001-01-01T00:00:00Z");
const git = (...args: string[]) => runFixtureGit({ cwd: mainPath, args }).then((out) => out.trim());

/** A program that leaves a marker named after itself and fails (so git stops where it used it). */
function plantProgram(name: string, body = "exit 1"): string {
  const file = path.join(fixture.root, "programs", name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\ntouch '${path.join(markers, name)}'\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A commit object with a (fake) signature header: showing its signature would run gpg.program. */
async function forgeSignedCommit(): Promise<string> {
  const file = path.join(fixture.root, "signed-commit.txt");
  writeFileSync(
    file,
    [
      `tree ${await git("rev-parse", "HEAD^{tree}")}`,
      `parent ${await git("rev-parse", "HEAD")}`,
      "author A <a@example.invalid> 1700000000 +0000",
      "committer A <a@example.invalid> 1700000000 +0000",
      "gpgsig -----BEGIN PGP SIGNATURE-----",
      " ",
      " iQEzBAABCAAdFiEE",
      " -----END PGP SIGNATURE-----",
      "",
      "Signed change",
      "",
    ].join("\n"),
  );
  return git("hash-object", "-t", "commit", "-w", file);
}

/** The user's own git config in Arbor's HOME: an identity, and an ssh that runs git's command here. */
function writeUserConfig(): void {
  const userSsh = path.join(fixture.root, "user-programs", "ssh");
  mkdirSync(path.dirname(userSsh), { recursive: true });
  // ssh's last argument is the command for the other side (`git-upload-pack '/path'`).
  writeFileSync(
    userSsh,
    `#!/bin/sh\ntouch '${path.join(fixture.root, "user-ssh-ran")}'\nfor last; do :; done\nexec sh -c "$last"\n`,
  );
  chmodSync(userSsh, 0o755);
  writeFileSync(
    path.join(env.home.home, ".gitconfig"),
    `[user]\n\tname = Arbor User\n\temail = user@arbor.invalid\n[core]\n\tsshCommand = ${userSsh}\n`,
  );
}

beforeAll(async () => {
  env = await startArborWithClaude();
  fixture = await createFixtureRoot();
  markers = path.join(fixture.root, "markers");
  mkdirSync(markers);
  let originPath: string;
  ({ mainPath, originPath } = await createRepoWithOrigin({
    root: fixture.root,
    files: { ".gitattributes": "*.dat diff=rt merge=rt\n*.txt filter=rt\n", "a.txt": "alpha\n", "f.dat": "1\n2\n3\n" },
  }));
  const library = path.join(fixture.root, "library");
  mkdirSync(library);
  await createRepoWithOrigin({ root: library, files: { "lib.txt": "lib\n" } });
  await git("-c", "protocol.file.allow=always", "submodule", "add", "-q", path.join(library, "main"), "lib");
  await git("commit", "-q", "-m", "Add the submodule");
  await git("checkout", "-q", "-b", "other");
  writeFileSync(path.join(mainPath, "f.dat"), "1\nOTHER\n3\n");
  await git("commit", "-q", "-am", "Other change");
  await git("checkout", "-q", "main");
  writeFileSync(path.join(mainPath, "f.dat"), "1\nMINE\n3\n");
  await git("commit", "-q", "-am", "Change f.dat");
  // A commit the superproject does not record: `git submodule update` has a checkout to do.
  await runFixtureGit({ cwd: path.join(mainPath, "lib"), args: ["commit", "-q", "--allow-empty", "-m", "Ahead"] });
  await git("update-ref", "refs/heads/signed", await forgeSignedCommit());
  await git("remote", "add", "upstream", `ssh://localhost${originPath}`);
  await git("remote", "add", "sneaky", `ext::${plantProgram("ext-transport")} %S`);
  writeFileSync(path.join(mainPath, ".git", "objects", "info", "alternates"), `${originPath}/objects\n`);
  // Same size, older time: git must read a.txt again, through its clean filter.
  writeFileSync(path.join(mainPath, "a.txt"), "ALPHA\n");
  utimesSync(path.join(mainPath, "a.txt"), STALE, STALE);
  writeUserConfig();

  // The submodule's own config: `git status` asks it whether it is dirty, through its clean filter.
  await runFixtureGit({
    cwd: path.join(mainPath, "lib"),
    args: ["config", "filter.inner.clean", plantProgram("submodule-clean")],
  });
  writeFileSync(path.join(mainPath, ".git", "modules", "lib", "info", "attributes"), "* filter=inner\n");
  utimesSync(path.join(mainPath, "lib", "lib.txt"), STALE, STALE);

  // The repository's own config, written last so that building the fixture ran none of it.
  const settings: Array<[string, string]> = [
    ["core.fsmonitor", plantProgram("fsmonitor")],
    ["filter.rt.clean", plantProgram("clean")],
    ["filter.rt.smudge", plantProgram("smudge")],
    ["filter.rt.required", "true"],
    ["diff.external", plantProgram("external-diff")],
    ["diff.rt.command", plantProgram("diff-command")],
    ["diff.rt.textconv", plantProgram("textconv")],
    ["merge.rt.driver", `${plantProgram("merge-driver")} %A %O %B`],
    ["gpg.program", plantProgram("gpg")],
    ["core.pager", plantProgram("pager")],
    ["pager.log", plantProgram("pager-log")],
    ["core.editor", plantProgram("editor")],
    ["sequence.editor", plantProgram("sequence-editor")],
    ["credential.helper", `!${plantProgram("credential-helper")}`],
    ["core.askpass", plantProgram("askpass")],
    ["core.sshCommand", plantProgram("ssh")],
    ["core.gitProxy", plantProgram("git-proxy")],
    ["core.alternateRefsCommand", plantProgram("alternate-refs")],
    ["interactive.diffFilter", plantProgram("diff-filter")],
    ["trailer.sign.command", plantProgram("trailer")],
    ["alias.hist", `!${plantProgram("alias")}`],
    ["submodule.lib.update", `!${plantProgram("submodule-update")}`],
    ["protocol.ext.allow", "always"],
  ];
  for (const [key, value] of settings) await git("config", key, value);
  for (const hook of ["pre-commit", "commit-msg", "post-checkout", "post-merge", "reference-transaction"]) {
    const file = path.join(mainPath, ".git", "hooks", hook);
    writeFileSync(file, `#!/bin/sh\ntouch '${path.join(markers, `hook-${hook}`)}'\n`);
    chmodSync(file, 0o755);
  }

  repoId = await pinRepo(env.arbor, mainPath);
  sessionId = await openSession(env.arbor, { repoId, worktreePath: mainPath });
});

afterAll(async () => {
  await env?.close();
  if (fixture) await removeGitFixture(fixture);
});

const markersLeft = () => readdirSync(markers).sort();

/** Sends one Bash command for the mock model to run; resolves with what the command printed. */
async function runInClaude(command: string): Promise<string> {
  const sent = await sendChat(env.arbor, { sessionId, userMessage: `[[mock:bash ${command}]]` });
  expect(sent.status).toBe(200);
  expect(sent.body.run.status).toBe("success");
  return sent.body.assistantMessage?.content ?? "";
}

describe("in a repository the user has not trusted, the git Claude runs", () => {
  it("shows status, diffs, logs and blame (no approval asked) without the repository's programs", async () => {
    const output = await runInClaude(
      [
        "git status --short",
        "git diff",
        "git diff HEAD~1 HEAD -- f.dat",
        "git log -p -1",
        "git show HEAD",
        "git blame f.dat",
      ].join("; "),
    );
    expect(markersLeft()).toEqual([]);
    expect(output).toContain(" M a.txt");
    expect(output).toContain("-alpha\n+ALPHA");
    expect(output).toContain("-2\n+MINE");
    expect(output).toMatch(/\) MINE\n/);
  });

  it("checks signatures, merges, commits, checks out, fetches and asks for credentials without them", async () => {
    expect(
      (await callApi(env.arbor, "/api/settings", { method: "PUT", body: { allowedTools: ["Bash"] } })).status,
    ).toBe(200);
    const output = await runInClaude(
      [
        "git log --show-signature -1 signed",
        "git merge other",
        "cat f.dat",
        "git merge --abort",
        "git add a.txt",
        "git commit -m 'Commit with a message'",
        "git commit --allow-empty",
        "git checkout HEAD~1 -- a.txt",
        "git checkout HEAD -- a.txt",
        "git checkout -q -b side",
        "git rebase -i HEAD~1",
        "git hist",
        "git submodule update",
        "git fetch upstream",
        "git fetch sneaky",
        "git ls-remote git://127.0.0.1:9/x",
        "printf 'protocol=https\\nhost=example.invalid\\n\\n' | GIT_TERMINAL_PROMPT=0 git credential fill",
        "echo Message | git interpret-trailers",
        "script -qec 'git log -1' /dev/null </dev/null",
        "echo more >> a.txt",
        "printf 'q\\n' | script -qec 'git add -p' /dev/null",
      ].join("; "),
    );
    expect(markersLeft()).toEqual([]);
    expect(output).toContain("Signed change");
    expect(output).toContain("CONFLICT (content): Merge conflict in f.dat");
    expect(output).toContain("<<<<<<< ours\nMINE\n=======\nOTHER\n>>>>>>> theirs");
    expect(output).toMatch(/\[main [0-9a-f]+\] Commit with a message/);
    expect(output).toContain("Successfully rebased");
    expect(output).toMatch(/Submodule path 'lib': checked out '[0-9a-f]+'/);
    expect(output).toMatch(/\[new branch\] +main +-> upstream\/main/);
    expect(existsSync(path.join(fixture.root, "user-ssh-ran"))).toBe(true);
  });

  it("keeps Claude from starting while the repository sets what Arbor cannot switch off, naming it", async () => {
    await git("config", "sendemail.tocmd", plantProgram("sendemail-tocmd"));
    const warm = await callApi<{ error: { message: string } }>(env.arbor, "/api/chat/warm", { body: { sessionId } });
    expect(warm.status).toBe(412);
    expect(warm.body.error.message).toContain("sendemail.tocmd");
    expect(warm.body.error.message).toContain("Trust the repository to let Claude run it, or remove the setting");
    const refused = await sendChat(env.arbor, { sessionId, userMessage: "[[mock:text refused]]" });
    expect(refused.body.run.status).toBe("failed");
    expect(refused.body.run.errorMessage).toBe(warm.body.error.message);

    await git("config", "--unset", "sendemail.tocmd");
    const sent = await sendChat(env.arbor, { sessionId, userMessage: "[[mock:text started again]]" });
    expect(sent.body.run.status).toBe("success");
    expect(markersLeft()).toEqual([]);
  });
});

describe("once the user trusts the repository", () => {
  it("Claude starts with what Arbor could not switch off, and git runs the repository's programs as it would", async () => {
    await git("config", "sendemail.tocmd", plantProgram("sendemail-tocmd"));
    await trustRepo(env.arbor, repoId);
    const output = await runInClaude("git diff other main -- f.dat");
    expect(output).toContain("Bash returned an error");
    expect(markersLeft()).toContain("diff-command");
  });
});
