import type { GitConfigEntry } from "@/lib/git/safety/parse-config-list.ts";
import { describeGitConfig, describeGitHooks, type GitHookFile } from "./describe-git.ts";
import { describeSource, isUnknowable } from "./describe-source.ts";
import type { RawFinding } from "./raw-finding.ts";
import type { Finding, Inspection } from "./trust-types.ts";

/**
 * What Claude Code would load from a path (links followed as it follows them): a file's text, or a
 * large file's hash; special: not a regular file, which Arbor does not read; folder: a linked
 * folder whose files are read through it; nowhere: a link to nothing, or a loop; per-process: a
 * link through /proc, where each process sees other files.
 */
export type SourceRead =
  | { kind: "text"; text: string; sha256: string }
  | { kind: "too-large"; size: number; sha256: string }
  | { kind: "special" }
  | { kind: "folder" }
  | { kind: "nowhere" }
  | { kind: "per-process" };

/**
 * The link on the way to a file: `target` as the file's own link says (null when only a linked
 * folder on the way is a link), `realPath` where it leads (relative to the worktree when inside
 * it; null when it leads nowhere). Both are part of the digest.
 */
export interface LinkHop {
  target: string | null;
  realPath: string | null;
}

/** settings: a Claude Code settings file; mcp: `.mcp.json`; extension: a skill, agent or command file; other: a folder on the way (`.claude`, skills…) that is a link or no folder. */
export type SourceRole = "settings" | "mcp" | "extension" | "other";

export interface SourceFile {
  path: string;
  role: SourceRole;
  read: SourceRead;
  link?: LinkHop | null;
}

export interface WorktreeSources {
  worktree: string;
  /** Paths relative to the worktree, only those that exist. */
  files: SourceFile[];
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
 * `unknowable` names the files Arbor cannot read although Claude Code would load them (see
 * isUnknowable): while there is one, the repository cannot be trusted.
 */
export function buildInspection(input: {
  sources: RepositorySources;
  isArborHandler: (handler: unknown) => boolean;
  hash: (text: string) => string;
  inspectedAt: Date;
}): { inspection: Inspection; canonicalItems: string[]; unknowable: string[] } {
  const findings = new Map<string, Finding>();
  const items = new Set<string>();
  const unknowable = new Set<string>();
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
      if (isUnknowable(file)) unknowable.add(file.path);
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
    unknowable: [...unknowable].sort(),
  };
}

function isExecutingEntry(entry: GitConfigEntry): boolean {
  return describeGitConfig([entry]).length > 0;
}
