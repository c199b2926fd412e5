// runGitCommand with a promised stdin: git starts at once and reads its input when it comes; when
// the input cannot be made, git is stopped and the call fails with the input's own error.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { runGitCommand } from "@/lib/git/run/run-git.ts";
import { getProcessHost, installProcessHost } from "@/lib/process-host/current-process-host.ts";
import { createLocalProcessHost } from "@/lib/process-host/local-process-host.ts";
import { countingProcessHost } from "@/tests/support/counting-process-host.ts";
import { createRepoWithOrigin, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useFixtureRoot } from "@/tests/support/use-fixture-root.ts";

const fixture = useFixtureRoot("all");
let mainPath: string;
beforeAll(async () => {
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
});

describe("runGitCommand with a promised stdin", () => {
  it("starts git first and writes the input once it is ready", async () => {
    let feed: (text: string) => void = () => {};
    const input = new Promise<string>((resolve) => (feed = resolve));
    const original = getProcessHost();
    const { host, counter } = countingProcessHost(original, "cat-file");
    installProcessHost(host);
    try {
      const run = runGitCommand({ cwd: mainPath, args: ["cat-file", "--batch-check"], stdin: input });
      // The safety options are read first (a microtask or two), then git is started, input or not.
      await vi.waitFor(() => expect(counter.count).toBe(1));
      feed("HEAD:a.txt\n");
      const result = await run;
      const blob = (await runFixtureGit({ cwd: mainPath, args: ["rev-parse", "HEAD:a.txt"] })).trim();
      expect(result.stdout.toString()).toBe(`${blob} blob 2\n`);
    } finally {
      installProcessHost(original);
    }
  });

  it("stops git, which would otherwise wait on its stdin for ever, and fails with the input's error", async () => {
    const failure = new Error("the merge bases could not be read");
    // `cat-file --batch` reads until its stdin ends: only stopping it ends this call.
    await expect(
      runGitCommand({ cwd: mainPath, args: ["cat-file", "--batch"], stdin: Promise.reject(failure) }),
    ).rejects.toBe(failure);
  });

  it("takes an input that fails while the repository's config is still being read, not leaving it unhandled", async () => {
    const failure = new Error("the merge bases could not be read");
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    const original = getProcessHost();
    // A new host keeps no config read yet: `cat-file` waits for a `git config` process of its own first.
    installProcessHost(createLocalProcessHost());
    process.on("unhandledRejection", onUnhandled);
    try {
      await expect(
        runGitCommand({ cwd: mainPath, args: ["cat-file", "--batch"], stdin: Promise.reject(failure) }),
      ).rejects.toBe(failure);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
      installProcessHost(original);
    }
  });
});
