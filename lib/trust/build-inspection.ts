import type { GitConfigEntry } from "@/lib/git/parse-config-list.ts";
import { describeGitConfig, describeGitHooks, type GitHookFile } from "./describe-git.ts";
import { describeExtension, readActingFrontMatter } from "./describe-extension.ts";
import { describeMcpFile } from "./describe-mcp.ts";
import { describeSettingsFile } from "./describe-settings.ts";
import type { RawFinding } from "./raw-finding.ts";
import type { Finding, Inspection } from "./trust-types.ts";

/** How a file inside a worktree was found (read without following any link the repository planted). */
export type SourceRead =
  | { kind: "text"; text: string; sha256: string }
  | { kind: "link"; target: string }
  | { kind: "special" }
  | { kind: "too-large"; size: number; sha256: string };

/** settings: a Claude Code settings file; mcp: `.mcp.json`; extension: a skill, agent or command file; other: a link or odd entry on the way. */
export type SourceRole = "settings" | "mcp" | "extension" | "other";

export interface WorktreeSources {
  worktree: string;
  /** Paths relative to the worktree, only those that exist. */
  files: Array<{ path: string; role: SourceRole; read: SourceRead }>;
}

/** Everything read from a repository, before it is described (see read-repo-sources.ts). */
export interface RepositorySources {
  rootPath: string;
  worktrees: WorktreeSources[];
  /** The repository-scope config each worktree sees (often the same for all). */
  gitConfig: Array<{ worktree: string; entries: GitConfigEntry[] }>;
  hooks: { folder: string; files: GitHookFile[] } | null;
}

/**
 * Turns what was read into the findings shown to the user and the canonical items the digest is
 * computed over. Items are the content itself (a settings file's JSON with Arbor's own handlers
 * removed and keys sorted, a raw text, a link target, a config entry, a hook's hash), deduplicated,
 * so a new worktree whose files equal the others' changes nothing, while any new or changed file,
 * entry or hook does. Findings with the same content in several worktrees are shown once.
 */
export function buildInspection(input: {
  sources: RepositorySources;
  isArborHandler: (handler: unknown) => boolean;
  hash: (text: string) => string;
  inspectedAt: Date;
}): { inspection: Inspection; canonicalItems: string[] } {
  const findings = new Map<string, Finding>();
  const items = new Set<string>();
  const add = (params: { raw: RawFinding[]; worktrees: string[] }) => {
    for (const raw of params.raw) {
      const id = input.hash(JSON.stringify([raw.kind, raw.source, raw.title, raw.detail])).slice(0, 20);
      const existing = findings.get(id);
      if (existing) {
        for (const worktree of params.worktrees)
          if (!existing.worktrees.includes(worktree)) existing.worktrees.push(worktree);
      } else {
        findings.set(id, { ...raw, id, worktrees: [...params.worktrees] });
      }
    }
  };

  for (const worktree of input.sources.worktrees) {
    for (const file of worktree.files) {
      const described = describeSource({ file, isArborHandler: input.isArborHandler });
      if (!described) continue;
      items.add(JSON.stringify(["file", file.path, described.canonical]));
      add({ raw: described.findings, worktrees: [worktree.worktree] });
    }
  }
  for (const { worktree, entries } of input.sources.gitConfig) {
    const executing = entries.filter((entry) => isExecutingEntry(entry));
    for (const entry of executing)
      items.add(JSON.stringify(["git", entry.scope, entry.originFile, entry.key, entry.value]));
    add({ raw: describeGitConfig(executing), worktrees: [worktree] });
  }
  const hooks = input.sources.hooks;
  if (hooks) {
    for (const hook of hooks.files) {
      items.add(JSON.stringify(["hook", hooks.folder, hook.name, hook.sha256 ?? hook.linkTarget, hook.isExecutable]));
    }
    add({
      raw: describeGitHooks({ folder: hooks.folder, hooks: hooks.files }),
      worktrees: input.sources.worktrees.map((w) => w.worktree),
    });
  }
  return {
    inspection: {
      rootPath: input.sources.rootPath,
      inspectedAt: input.inspectedAt.toISOString(),
      worktrees: input.sources.worktrees.map((worktree) => worktree.worktree),
      findings: [...findings.values()],
    },
    canonicalItems: [...items].sort(),
  };
}

function isExecutingEntry(entry: GitConfigEntry): boolean {
  return describeGitConfig([entry]).length > 0;
}

function describeSource(input: {
  file: WorktreeSources["files"][number];
  isArborHandler: (handler: unknown) => boolean;
}): { findings: RawFinding[]; canonical: string } | null {
  const { file } = input;
  const source = file.path;
  switch (file.read.kind) {
    case "link":
      return {
        findings: [
          {
            kind: "link",
            source,
            title: "symbolic link",
            risk: `Points at ${file.read.target}. Claude Code would follow it and read whatever is there; Arbor does not.`,
            detail: file.read.target,
            isSevere: true,
          },
        ],
        canonical: `link:${file.read.target}`,
      };
    case "special":
      return {
        findings: [
          {
            kind: "unreadable",
            source,
            title: "not a regular file",
            risk: "Arbor does not read it; Claude Code might.",
            detail: "",
            isSevere: true,
          },
        ],
        canonical: "special",
      };
    case "too-large":
      return {
        findings: [
          {
            kind: "unreadable",
            source,
            title: "too large to show",
            risk: "Arbor does not show a file this large; check it yourself before trusting.",
            detail: `${file.read.size} bytes, sha256 ${file.read.sha256}`,
            isSevere: true,
          },
        ],
        canonical: `sha256:${file.read.sha256}`,
      };
    case "text":
      return describeText({ source, role: file.role, text: file.read.text, isArborHandler: input.isArborHandler });
  }
}

function describeText(input: {
  source: string;
  role: SourceRole;
  text: string;
  isArborHandler: (handler: unknown) => boolean;
}): { findings: RawFinding[]; canonical: string } | null {
  if (input.role === "extension") {
    const frontMatter = readActingFrontMatter(input.text);
    return frontMatter === null
      ? null
      : { findings: [describeExtension({ source: input.source, frontMatter })], canonical: frontMatter };
  }
  if (input.role === "other") return null;
  const described =
    input.role === "mcp"
      ? describeMcpFile({ source: input.source, text: input.text })
      : describeSettingsFile({ source: input.source, text: input.text, isArborHandler: input.isArborHandler });
  return described.canonical === null ? null : { findings: described.findings, canonical: described.canonical };
}
