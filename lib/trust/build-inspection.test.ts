import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildInspection, type RepositorySources, type SourceRead } from "./build-inspection.ts";

const hash = (text: string) => createHash("sha256").update(text).digest("hex");
const text = (value: string): SourceRead => ({ kind: "text", text: value, sha256: hash(value) });
const ARBOR = { type: "command", command: "'/d/bin/arbor-hook'", timeout: 5 };
const isArborHandler = (handler: unknown) => JSON.stringify(handler) === JSON.stringify(ARBOR);

const SETTINGS = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "touch x" }] }] } });

function sources(overrides: Partial<RepositorySources> = {}): RepositorySources {
  return {
    rootPath: "/r/main",
    worktrees: [
      { worktree: "/r/main", files: [{ path: ".claude/settings.json", role: "settings", read: text(SETTINGS) }] },
      { worktree: "/r/wt", files: [{ path: ".claude/settings.json", role: "settings", read: text(SETTINGS) }] },
    ],
    gitConfig: [
      {
        worktree: "/r/main",
        entries: [
          { scope: "local", originFile: "/r/main/.git/config", key: "core.fsmonitor", value: "mon" },
          { scope: "local", originFile: "/r/main/.git/config", key: "user.name", value: "me" },
        ],
      },
    ],
    hooks: {
      folder: "/r/main/.git/hooks",
      files: [{ name: "post-checkout", sha256: "h1", isExecutable: true, linkTarget: null, size: 2, text: "x" }],
    },
    ...overrides,
  };
}

function digestOf(input: RepositorySources): string {
  const { canonicalItems } = buildInspection({ sources: input, isArborHandler, hash, inspectedAt: new Date(0) });
  return hash(JSON.stringify(canonicalItems));
}

describe("buildInspection", () => {
  it("shows a finding found in several worktrees once, naming each worktree", () => {
    const { inspection } = buildInspection({ sources: sources(), isArborHandler, hash, inspectedAt: new Date(0) });
    const stop = inspection.findings.find((finding) => finding.title === "Stop hook");
    expect(stop?.worktrees).toEqual(["/r/main", "/r/wt"]);
    expect(inspection.findings.map((finding) => finding.kind).sort()).toEqual(["git-config", "git-hook", "hook"]);
    expect(inspection.worktrees).toEqual(["/r/main", "/r/wt"]);
  });

  it("keeps the digest when a worktree with the same files is added, or Arbor's own hooks are installed", () => {
    const base = digestOf(sources());
    const third = sources();
    third.worktrees.push({
      worktree: "/r/third",
      files: [
        { path: ".claude/settings.json", role: "settings", read: text(SETTINGS) },
        {
          path: ".claude/settings.local.json",
          role: "settings",
          read: text(JSON.stringify({ hooks: { Stop: [{ hooks: [ARBOR] }] } })),
        },
      ],
    });
    expect(digestOf(third)).toBe(base);
    expect(
      digestOf(sources({ gitConfig: [{ worktree: "/r/main", entries: [...sources().gitConfig[0]!.entries] }] })),
    ).toBe(base);
  });

  it("changes the digest when any shown thing changes: a settings file, .mcp.json, git config, a hook", () => {
    const base = digestOf(sources());
    const changedSettings = sources();
    changedSettings.worktrees[1]!.files[0] = { path: ".claude/settings.json", role: "settings", read: text("{}x") };
    const withMcp = sources();
    withMcp.worktrees[0]!.files.push({
      path: ".mcp.json",
      role: "mcp",
      read: text('{"mcpServers":{"a":{"command":"x"}}}'),
    });
    const changedConfig = sources({
      gitConfig: [
        {
          worktree: "/r/main",
          entries: [{ scope: "local", originFile: "/r/main/.git/config", key: "core.fsmonitor", value: "other" }],
        },
      ],
    });
    const changedHook = sources({
      hooks: {
        folder: "/r/main/.git/hooks",
        files: [{ name: "post-checkout", sha256: "h2", isExecutable: true, linkTarget: null, size: 2, text: "x" }],
      },
    });
    const madeExecutable = sources({
      hooks: {
        folder: "/r/main/.git/hooks",
        files: [{ name: "post-checkout", sha256: "h1", isExecutable: false, linkTarget: null, size: 2, text: "x" }],
      },
    });
    const linked = sources();
    linked.worktrees[0]!.files = [
      { path: ".claude", role: "other", read: { kind: "folder" }, link: { target: "/c", realPath: "/c" } },
    ];
    const digests = [changedSettings, withMcp, changedConfig, changedHook, madeExecutable, linked].map(digestOf);
    for (const digest of digests) expect(digest).not.toBe(base);
    expect(new Set(digests).size).toBe(digests.length);
  });

  it("ignores git config that runs nothing", () => {
    const quiet = sources({
      gitConfig: [
        {
          worktree: "/r/main",
          entries: [
            { scope: "local", originFile: "/r/main/.git/config", key: "core.fsmonitor", value: "mon" },
            { scope: "local", originFile: "/r/main/.git/config", key: "user.name", value: "someone else" },
          ],
        },
      ],
    });
    expect(digestOf(quiet)).toBe(digestOf(sources()));
  });
});

describe("buildInspection of a linked .claude", () => {
  /** Both worktrees' `.claude` is a link to `realPath`, whose settings.json holds `settings`. */
  function linkedTo(input: { target?: string; realPath: string | null; settings?: string }): RepositorySources {
    const target = input.target ?? "/shared/claude";
    const files: RepositorySources["worktrees"][number]["files"] =
      input.realPath === null
        ? [{ path: ".claude", role: "other", read: { kind: "nowhere" }, link: { target, realPath: null } }]
        : [
            { path: ".claude", role: "other", read: { kind: "folder" }, link: { target, realPath: input.realPath } },
            {
              path: ".claude/settings.json",
              role: "settings",
              read: text(input.settings ?? SETTINGS),
              link: { target: null, realPath: `${input.realPath}/settings.json` },
            },
          ];
    return sources({ worktrees: ["/r/main", "/r/wt"].map((worktree) => ({ worktree, files })) });
  }

  it("says where .claude points, that the files there were read, and lists what they run", () => {
    const { inspection } = buildInspection({
      sources: linkedTo({ realPath: "/shared/claude" }),
      isArborHandler,
      hash,
      inspectedAt: new Date(0),
    });
    const link = inspection.findings.find((finding) => finding.kind === "link");
    expect(link).toMatchObject({ source: ".claude", detail: "/shared/claude → /shared/claude", isSevere: true });
    expect(link?.risk).toContain(".claude is a link to /shared/claude. Claude Code follows it");
    expect(link?.risk).toContain("Arbor read the files there");
    expect(inspection.findings.find((finding) => finding.title === "Stop hook")?.source).toBe(".claude/settings.json");
    expect(inspection.findings.filter((finding) => finding.kind === "link")).toHaveLength(1);
  });

  it("changes the digest when the files behind the link change, or the link leads elsewhere or nowhere", () => {
    const base = digestOf(linkedTo({ realPath: "/shared/claude" }));
    const digests = [
      linkedTo({ realPath: "/shared/claude", settings: JSON.stringify({ env: { A: "1" } }) }),
      linkedTo({ realPath: "/other/claude" }),
      linkedTo({ target: "../claude", realPath: "/shared/claude" }),
      linkedTo({ realPath: null }),
    ].map(digestOf);
    for (const digest of digests) expect(digest).not.toBe(base);
    expect(new Set(digests).size).toBe(digests.length);
    expect(digestOf(linkedTo({ realPath: "/shared/claude" }))).toBe(base);
  });

  it("names the files Arbor cannot read although Claude Code would load them", () => {
    const odd = sources();
    odd.worktrees[0]!.files = [
      { path: ".claude", role: "other", read: { kind: "special" } },
      {
        path: ".mcp.json",
        role: "mcp",
        read: { kind: "special" },
        link: { target: "/tmp/fifo", realPath: "/tmp/fifo" },
      },
      {
        path: ".claude/skills",
        role: "other",
        read: { kind: "per-process" },
        link: { target: "/proc/self/cwd", realPath: null },
      },
      {
        path: ".claude/agents",
        role: "other",
        read: { kind: "special" },
        link: { target: "/etc/hosts", realPath: "/etc/hosts" },
      },
    ];
    const { unknowable } = buildInspection({ sources: odd, isArborHandler, hash, inspectedAt: new Date(0) });
    expect(unknowable).toEqual([".claude/skills", ".mcp.json"]);
  });
});
