import { describe, expect, it } from "vitest";
import {
  buildPrCreateArgs,
  buildPrViewArgs,
  classifyGhAuth,
  draftPullRequest,
  GH_LOGGED_OUT_MESSAGE,
  isNoPullRequest,
  parsePullRequestView,
} from "./pull-request-draft.ts";

const summary = [
  "## Key points",
  "- Login form validates the e-mail before sending [L3]",
  "- Errors are shown under each field",
  "",
  "## Decisions",
  "- Use zod for the form schema [L4]",
  "",
  "## Open tasks",
  "- Password reset",
  "",
  "## Caveats",
  "- (none)",
].join("\n");

describe("draftPullRequest", () => {
  it("takes the only commit's subject as title, the summary's key points and decisions and the commits as body", () => {
    const draft = draftPullRequest({
      branch: "feat/login",
      summaryMarkdown: summary,
      commits: [{ shortSha: "abc1234", subject: "Validate the login form" }],
    });
    expect(draft.title).toBe("Validate the login form");
    expect(draft.body).toBe(
      [
        "## Summary",
        "- Login form validates the e-mail before sending [L3]",
        "- Errors are shown under each field",
        "",
        "## Decisions",
        "- Use zod for the form schema [L4]",
        "",
        "## Commits",
        "- Validate the login form (abc1234)",
        "",
      ].join("\n"),
    );
    expect(draft.body).not.toContain("Password reset");
  });

  it("titles several commits by the summary's first key point, oldest commit first in the body", () => {
    const draft = draftPullRequest({
      branch: "feat/login",
      summaryMarkdown: summary,
      commits: [
        { shortSha: "2222222", subject: "Second" },
        { shortSha: "1111111", subject: "First" },
      ],
    });
    expect(draft.title).toBe("Login form validates the e-mail before sending");
    expect(draft.body).toContain("## Commits\n- First (1111111)\n- Second (2222222)\n");
  });

  it("leaves out which message a key point came from, in the title and the body", () => {
    const draft = draftPullRequest({
      branch: "feat/login",
      summaryMarkdown: "## Key points\n- Add a login form (user #1)\n- Keep sessions short (assistant #4)\n",
      commits: [],
    });
    expect(draft.title).toBe("Add a login form");
    expect(draft.body).toBe("## Summary\n- Add a login form\n- Keep sessions short\n");
  });

  it("falls back to the branch name in words when there is no summary and several commits", () => {
    const draft = draftPullRequest({
      branch: "feature/fix_the-cache",
      summaryMarkdown: null,
      commits: [],
    });
    expect(draft).toEqual({ title: "Fix the cache", body: "Changes from the branch `feature/fix_the-cache`.\n" });
  });
});

describe("gh argv", () => {
  it("passes every value as --flag=value, never through a shell, naming the GitHub repository when known", () => {
    expect(
      buildPrCreateArgs({
        base: "main",
        head: "feat/a",
        title: "-rm -rf $(x)",
        bodyFile: "/tmp/b.md",
        repository: { owner: "octo", name: "hello" },
      }),
    ).toEqual([
      "pr",
      "create",
      "--repo=octo/hello",
      "--base=main",
      "--head=feat/a",
      "--title=-rm -rf $(x)",
      "--body-file=/tmp/b.md",
    ]);
    expect(buildPrViewArgs({ head: "feat/a", repository: null })).toEqual([
      "pr",
      "view",
      "--json",
      "number,url,state,isDraft,title,baseRefName,headRefName,statusCheckRollup,reviewDecision",
      "--",
      "feat/a",
    ]);
    expect(buildPrViewArgs({ head: "-x", repository: { owner: "o", name: "r" } })).toEqual([
      "pr",
      "view",
      "--repo=o/r",
      "--json",
      "number,url,state,isDraft,title,baseRefName,headRefName,statusCheckRollup,reviewDecision",
      "--",
      "-x",
    ]);
  });
});

describe("parsePullRequestView", () => {
  it("reads gh's JSON (the shape of `gh pr view --json number,url,state,isDraft,…`)", () => {
    const stdout = JSON.stringify({
      baseRefName: "main",
      headRefName: "feat/login",
      isDraft: true,
      number: 42,
      state: "OPEN",
      title: "Validate the login form",
      url: "https://github.com/octo/hello/pull/42",
    });
    expect(parsePullRequestView(stdout)).toEqual({
      view: {
        number: 42,
        url: "https://github.com/octo/hello/pull/42",
        state: "OPEN",
        isDraft: true,
        title: "Validate the login form",
        baseRefName: "main",
        headRefName: "feat/login",
        ci: { checks: [], review: "none", problem: null },
      },
    });
    expect(parsePullRequestView('{"number":7,"url":"https://h/p/7","state":"MERGED"}')).toMatchObject({
      view: { state: "MERGED", title: "", isDraft: false },
    });
  });

  it.each([
    ["not JSON", "Welcome to gh! To log in…", "its answer is not JSON"],
    ["empty", "", "its answer is not JSON"],
    ["null", "null", "not a JSON object"],
    ["an array", "[]", "not a JSON object"],
    [
      "a number as text",
      '{"number":"7","url":"https://h/p/7","state":"OPEN"}',
      '"number" is not a pull request number: "7"',
    ],
    ["no url", '{"number":7,"state":"OPEN"}', '"url" is not a web address: missing'],
    ["a script URL", '{"number":7,"url":"javascript:alert(1)","state":"OPEN"}', '"url" is not a web address'],
    ["an odd state", '{"number":7,"url":"https://h/p/7","state":"weird"}', '"state" is not OPEN, CLOSED or MERGED'],
    [
      "a title of another type",
      '{"number":7,"url":"https://h/p/7","state":"OPEN","title":3}',
      '"title" has the wrong type',
    ],
  ])("says what is wrong, never throwing, when gh answers %s", (_case, stdout, problem) => {
    const parsed = parsePullRequestView(stdout);
    expect("problem" in parsed && parsed.problem).toContain(problem);
  });

  it("tells 'no pull request for the branch' from a failure", () => {
    expect(isNoPullRequest('no pull requests found for branch "feat/a"')).toBe(true);
    expect(
      isNoPullRequest(
        "none of the git remotes configured for this repository point to a known GitHub host. To tell gh about a new GitHub host, please use `gh auth login`",
      ),
    ).toBe(true);
    expect(isNoPullRequest("HTTP 502: Bad Gateway")).toBe(false);
  });
});

describe("classifyGhAuth", () => {
  it("ready on success, logged out on gh's advice, failing with stderr otherwise", () => {
    expect(classifyGhAuth({ exitCode: 0, stderr: "Logged in to github.com" })).toEqual({ state: "ready" });
    expect(
      classifyGhAuth({
        exitCode: 1,
        stderr: "You are not logged into any GitHub hosts. Run gh auth login to authenticate.",
      }),
    ).toEqual({ state: "logged_out", message: GH_LOGGED_OUT_MESSAGE });
    const failing = classifyGhAuth({
      exitCode: 1,
      stderr:
        "github.com\n  X github.com: authentication failed\n  - The github.com token in GH_TOKEN is no longer valid.",
    });
    expect(failing.state).toBe("failing");
    expect(failing.state !== "ready" && failing.message).toContain(
      "The github.com token in GH_TOKEN is no longer valid.",
    );
  });
});
